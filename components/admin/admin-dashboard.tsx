"use client";
/** The admin screen (SPEC §2 "Admin (Content Management System)"): the add-video form and the Content Directory. */
import { useTranslations } from "@/lib/i18n/use-translations";
import { AddVideoForm } from "./add-video-form";
import { VideoDirectory } from "./video-directory";

export function AdminDashboard({ aiProvider }: { aiProvider: boolean }) {
  const t = useTranslations("admin.dashboard");
  return (
    <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("description")}</p>
      </header>
      <AddVideoForm aiProvider={aiProvider} />
      <VideoDirectory aiProvider={aiProvider} />
    </main>
  );
}
