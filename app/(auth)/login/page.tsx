import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { AuthShell } from "@/components/auth/auth-shell";
import { LoginForm } from "@/components/auth/login-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("metaTitle") };
}

export default async function Page() {
  const t = await getTranslations("login");
  return (
    <AuthShell title={t("title")} subtitle={t("subtitle")}>
      <Suspense>
        <LoginForm />
      </Suspense>
    </AuthShell>
  );
}
