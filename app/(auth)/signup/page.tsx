import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { AuthShell } from "@/components/auth/auth-shell";
import { InviteOnly } from "@/components/auth/invite-only";
import { SignupForm } from "@/components/auth/signup-form";
import { signupOpen } from "@/lib/auth/signup-open";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("signup"))("metaTitle") };
}

export default async function Page() {
  return <AuthShell>{(await signupOpen()) ? <Suspense><SignupForm /></Suspense> : <InviteOnly />}</AuthShell>;
}
