import Link from "next/link";
import type { ReactNode } from "react";
import { CheckCircle2 } from "lucide-react";
import { BrandLogo } from "@/components/brand-logo";

const PERKS = [
  "Captions that light up word by word",
  "Quick quizzes in your own language",
  "A daily goal and a streak to keep",
];

/** Two-column frame of the auth screens: a brand panel on wide screens, the form everywhere. */
export function AuthShell({ title, subtitle, children }: { title?: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_1.1fr]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-violet-700 via-violet-600 to-indigo-700 p-10 text-white lg:flex lg:flex-col lg:justify-between">
        <Link href="/" aria-label="LingoReel home" className="w-fit">
          <BrandLogo tone="inverted" />
        </Link>
        <div className="space-y-6">
          <p className="max-w-md text-3xl leading-tight font-bold">Learn a language the way you already spend your evenings: watching videos.</p>
          <ul className="space-y-3 text-white/90">
            {PERKS.map((perk) => (
              <li key={perk} className="flex items-center gap-3">
                <CheckCircle2 className="size-5 shrink-0" aria-hidden />
                {perk}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-white/70">Open source and self-hostable.</p>
        <div aria-hidden className="pointer-events-none absolute -right-24 -bottom-24 size-96 rounded-full bg-white/10 blur-2xl" />
      </aside>
      <main className="flex flex-col px-4 py-8 sm:px-8">
        <Link href="/" aria-label="LingoReel home" className="mb-10 w-fit lg:hidden">
          <BrandLogo />
        </Link>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center">
          {title ? <AuthHeading title={title} subtitle={subtitle} /> : null}
          {children}
        </div>
      </main>
    </div>
  );
}

export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="mb-8 space-y-2">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {subtitle ? <p className="text-muted-foreground">{subtitle}</p> : null}
    </div>
  );
}
