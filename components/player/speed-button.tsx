"use client";
/**
 * The speed button of the player's control row: the menu's trigger once the menu is loaded
 * (speed-menu.tsx), and until then a button that loads and opens it, drawn the same.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

export function SpeedButton({ speed, ...props }: { speed: number } & ComponentProps<"button">) {
  const t = useTranslations("player.controls");
  return (
    <Button
      type="button"
      variant="ghost"
      className="h-9 min-w-10 rounded-full px-2 text-xs text-white tabular-nums hover:bg-white/15 hover:text-white @xl:h-11 @xl:text-sm"
      aria-label={t("speedLabel", { speed })}
      aria-haspopup="menu"
      {...props}
    >
      {t("speedValue", { speed })}
    </Button>
  );
}
