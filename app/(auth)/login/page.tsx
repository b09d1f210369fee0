import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { AuthShell } from "@/components/auth/auth-shell";
import { LoginForm } from "@/components/auth/login-form";
import { signupOpen } from "@/lib/auth/signup-open";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("metaTitle") };
}

export default async function Page() {
  const t = await getTranslations("login");
  return (
    <AuthShell title={t("title")} subtitle={t("subtitle")}>
      <Suspense>
        <LoginForm signupOpen={await signupOpen()} />
      </Suspense>
    </AuthShell>
  );
}
