import Link from "next/link";
import type { ReactNode } from "react";
import { CheckCircle2 } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { BrandLogo } from "@/components/brand-logo";
import { LanguagePicker } from "@/components/i18n/language-picker";
import { AuthHeading } from "./auth-heading";

const PERKS = ["perkCaptions", "perkQuizzes", "perkStreak"] as const;

/** Two-column frame of the auth screens: a brand panel on wide screens, the form everywhere. */
export async function AuthShell({ title, subtitle, children }: { title?: string; subtitle?: ReactNode; children: ReactNode }) {
  const [t, brand] = await Promise.all([getTranslations("authShell"), getTranslations("brand")]);
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_1.1fr]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-violet-700 via-violet-600 to-indigo-700 p-10 text-white lg:flex lg:flex-col lg:justify-between">
        <Link href="/" aria-label={brand("home")} className="w-fit">
          <BrandLogo tone="inverted" />
        </Link>
        <div className="space-y-6">
          <p className="max-w-md text-3xl leading-tight font-bold">{t("pitch")}</p>
          <ul className="space-y-3 text-white/90">
            {PERKS.map((perk) => (
              <li key={perk} className="flex items-center gap-3">
                <CheckCircle2 className="size-5 shrink-0" aria-hidden />
                {t(perk)}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-white/70">{t("openSource")}</p>
        <div aria-hidden className="pointer-events-none absolute -right-24 -bottom-24 size-96 rounded-full bg-white/10 blur-2xl" />
      </aside>
      <main className="flex flex-col px-4 py-8 sm:px-8">
        <Link href="/" aria-label={brand("home")} className="mb-10 w-fit lg:hidden">
          <BrandLogo />
        </Link>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center">
          {title ? <AuthHeading title={title} subtitle={subtitle} /> : null}
          {children}
        </div>
        <footer className="mt-10 flex justify-center text-sm text-muted-foreground">
          <LanguagePicker />
        </footer>
      </main>
    </div>
  );
}
