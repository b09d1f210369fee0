"use client";
/**
 * The playback speed menu (Radix's dropdown menu and its positioning engine). Loaded on the first
 * use of the speed button (player-controls.tsx), not with the page: most plays never change speed.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { SpeedButton } from "./speed-button";
import { PLAYBACK_SPEEDS } from "./use-player-preferences";

export function SpeedMenu({
  speed,
  onSpeedChange,
  open,
  onOpenChange,
  container,
  onClosed,
}: {
  speed: number;
  onSpeedChange: (speed: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the menu goes: inside the player while it is fullscreen, so it shows there. */
  container: HTMLElement | null;
  /** Where focus goes once it closes (back to the player, where the shortcuts apply). */
  onClosed: () => void;
}) {
  const t = useTranslations("player.controls");
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <SpeedButton speed={speed} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        container={container}
        align="end"
        side="top"
        onCloseAutoFocus={(event) => {
          // Back to the player, not the menu button: Space then plays and ← moves a line.
          event.preventDefault();
          onClosed();
        }}
      >
        <DropdownMenuLabel>{t("playbackSpeed")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={String(speed)} onValueChange={(value) => onSpeedChange(Number(value))}>
          {PLAYBACK_SPEEDS.map((s) => (
            <DropdownMenuRadioItem key={s} value={String(s)}>
              {t("speedValue", { speed: s })}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
