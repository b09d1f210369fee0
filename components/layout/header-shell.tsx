/**
 * The sticky top bar every screen shares: logo home on the left, the screen's actions on the right.
 * Lower on a short screen (a landscape phone), where every pixel under it counts.
 */
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { BrandLogo } from "@/components/brand-logo";
import { cn } from "@/lib/utils";

export async function HeaderShell({ children, className }: { children: ReactNode; className?: string }) {
  const t = await getTranslations("brand");
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className={cn("mx-auto flex h-16 max-w-6xl [@media(max-height:30rem)]:h-12 items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6", className)}>
        <Link href="/" aria-label={t("home")} className="rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          {/* On the narrowest phones the signed-in header's five actions leave the wordmark less room. */}
          <BrandLogo wordmarkClassName="max-[399px]:text-base" />
        </Link>
        {children}
      </div>
    </header>
  );
}
