"use client";
/** The heart on a video card: adds or removes a favourite, and changes once the server confirms. */
import { Heart } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import type { VideoCard } from "@/lib/types/api";
import { useIsFavorite, useToggleFavorite } from "@/lib/data/use-favorites";
import { cn } from "@/lib/utils";

export function FavoriteButton({ video, className }: { video: VideoCard; className?: string }) {
  const isFavorite = useIsFavorite(video.id) ?? false;
  const toggle = useToggleFavorite();
  const t = useTranslations("video");
  const label = isFavorite ? t("removeFavorite") : t("addFavorite");
  return (
    <Tooltip content={label}>
      <Button
        type="button"
        size="icon"
        variant="secondary"
        aria-label={label}
        aria-pressed={isFavorite}
        disabled={toggle.isPending}
        data-testid="favorite-toggle"
        className={cn("size-9 rounded-full bg-background/90 shadow-sm backdrop-blur hover:bg-background", className)}
        onClick={(event) => {
          // The heart sits on the card's link: saving must not also open the video.
          event.preventDefault();
          event.stopPropagation();
          toggle.mutate({ video, action: isFavorite ? "remove" : "add" });
        }}
      >
        <Heart className={cn("size-4.5 transition-colors", isFavorite ? "fill-rose-500 text-rose-500" : "text-foreground")} aria-hidden />
      </Button>
    </Tooltip>
  );
}
