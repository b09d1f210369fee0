import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resetPassword"))("metaTitle") };
}

export default async function Page() {
  const t = await getTranslations("resetPassword");
  return (
    <AuthShell title={t("title")} subtitle={t("subtitle")}>
      <ResetPasswordForm />
    </AuthShell>
  );
}
