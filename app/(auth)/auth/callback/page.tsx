import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCallback } from "@/components/auth/auth-callback";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("authCallback"))("metaTitle") };
}

export default function Page() {
  return <AuthCallback />;
}
