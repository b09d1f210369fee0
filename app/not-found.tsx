/**
 * The not-found screen. It is part of every page's tree (the boundary is loaded with the root
 * layout), so it uses no client component: a plain link home and the compass drawn inline (lucide's
 * icons and next/link would add their code to every signed-in page's first load).
 */
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: { absolute: (await getTranslations("common"))("notFoundTitle") } };
}

export default async function NotFound() {
  const t = await getTranslations("common");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        {/* lucide's "compass" */}
        <svg
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-8"
          aria-hidden
        >
          <circle cx="12" cy="12" r="10" />
          <path d="m16.24 7.76-1.804 5.411a2 2 0 0 1-1.265 1.265L7.76 16.24l1.804-5.411a2 2 0 0 1 1.265-1.265z" />
        </svg>
      </div>
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("notFoundTitle")}</h1>
        <p className="max-w-sm text-muted-foreground">{t("notFoundText")}</p>
      </div>
      <Button asChild size="lg">
        {/* A full load from here is fine; next/link's code would come with every page. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/">{t("backHome")}</a>
      </Button>
    </main>
  );
}
