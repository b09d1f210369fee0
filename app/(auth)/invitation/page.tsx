import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("invitation"))("metaTitle") };
}

/** Where an invitation's emailed link lands: the invitee chooses a password, then onboarding. */
export default async function Page() {
  const t = await getTranslations("invitation");
  return (
    <AuthShell title={t("title")} subtitle={t("subtitle")}>
      <ResetPasswordForm purpose="invite" />
    </AuthShell>
  );
}
