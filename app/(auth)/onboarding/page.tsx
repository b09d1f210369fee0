import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OnboardingWizard } from "@/components/onboarding/onboarding-wizard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("onboarding"))("metaTitle") };
}

export default function Page() {
  return <OnboardingWizard />;
}
