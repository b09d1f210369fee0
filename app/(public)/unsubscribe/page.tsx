/** Where a reminder email's unsubscribe link lands: one button stops the emails, signed in or not. */
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { ClientMessages } from "@/components/i18n/client-messages";
import { UnsubscribeConfirm } from "@/components/reminders/unsubscribe-confirm";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("unsubscribe"))("metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function UnsubscribePage({ searchParams }: Props) {
  const [t, { token }] = await Promise.all([getTranslations("unsubscribe"), searchParams]);
  return (
    <AuthShell title={t("title")}>
      <ClientMessages namespaces={["unsubscribe"]}>
        <UnsubscribeConfirm token={typeof token === "string" ? token : null} />
      </ClientMessages>
    </AuthShell>
  );
}
