/**
 * What the Saved screen and the profile show before any video is saved: a file of its own, so the
 * profile does not load the Saved screen (its word list and filters) with it.
 */
import { Heart } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";

export function SavedEmptyState() {
  const t = useTranslations("saved");
  return (
    <div className="flex flex-col items-center gap-3 py-4" data-testid="saved-empty">
      <span className="grid size-12 place-items-center rounded-full bg-rose-500/10 text-rose-600 dark:text-rose-400">
        <Heart className="size-6" aria-hidden />
      </span>
      <p className="font-semibold text-foreground">{t("emptyVideosTitle")}</p>
      <p className="max-w-sm text-sm">{t("emptyVideosText")}</p>
      <Button asChild variant="outline" size="sm">
        <Link href="/home">{t("browseVideos")}</Link>
      </Button>
    </div>
  );
}
