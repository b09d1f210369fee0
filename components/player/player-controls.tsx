"use client";
/**
 * The player's control row: seek bar, play, replay the line, elapsed / total time, mute and
 * volume, speed, pause after each line, translation, the shortcut list and fullscreen. The same
 * for every source: they drive the adapter (the <video> element or the YouTube embed).
 *
 * A pointer on these controls leaves the keyboard focus where it was, and the speed menu and the
 * shortcut list hand it back to the player, so the page's shortcuts keep working after a control
 * was used. Phones (a narrow player) get the row under the picture; wider players have it over
 * the picture's bottom edge, on a shade that is solid black along that edge (whatever the video
 * draws there, such as a progress strip of its own, does not show through as a grey strip).
 */
import { Keyboard, Languages, ListEnd, Maximize, Minimize, Pause, Play, RotateCcw, Volume1, Volume2, VolumeX } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { lazy, type MouseEvent, memo, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatMediaTime } from "@/lib/format";
import type { PlayerAdapter } from "@/lib/player/adapter";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { SeekBar } from "./seek-bar";
import { SpeedButton } from "./speed-button";
import type { Fullscreen } from "./use-fullscreen";
import { type MediaControls, type MediaTimeStore, useMediaTimeValue } from "./use-media-time";
import { usePlayerStatus } from "./use-player-status";

// The speed menu and the shortcut list (Radix's menu, dialog and positioning, about 30 KB gzip)
// load when first wanted (or when the pointer or focus comes to their button), not with the page.
const loadSpeedMenu = () => import("./speed-menu");
const SpeedMenu = lazy(() => loadSpeedMenu().then((m) => ({ default: m.SpeedMenu })));
const loadShortcutsDialog = () => import("./shortcuts-dialog");
const ShortcutsDialog = lazy(() => loadShortcutsDialog().then((m) => ({ default: m.ShortcutsDialog })));
const preload = (load: () => Promise<unknown>) => () => void load();

const ICON_BUTTON = "size-9 rounded-full text-white hover:bg-white/15 hover:text-white @xl:size-11";
const TOGGLED = "bg-white text-black hover:bg-white/85 hover:text-black";

/** Keeps a click from moving the keyboard focus (keyboard users still Tab to every control). */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** Memoised: it re-renders when its own state or the playing state changes, not when the line or the time does. */
export const PlayerControls = memo(function PlayerControls({
  adapter,
  media,
  fallbackDurationMs,
  onReplayLine,
  pauseEachLine,
  onPauseEachLineChange,
  showTranslation,
  translationAvailable = true,
  onShowTranslationChange,
  speed,
  onSpeedChange,
  fullscreen,
  shortcutsOpen,
  onShortcutsOpenChange,
}: {
  adapter: PlayerAdapter | null;
  media: MediaControls;
  /** The length the server knows, until the player reports its own. */
  fallbackDurationMs: number;
  onReplayLine: () => void;
  pauseEachLine: boolean;
  onPauseEachLineChange: (on: boolean) => void;
  showTranslation: boolean;
  /** False when the video has no line translated into the learner's language: the toggle shows why, and does nothing. */
  translationAvailable?: boolean;
  onShowTranslationChange: (on: boolean) => void;
  /** The playback speed the learner chose (the page applies it to the media). */
  speed: number;
  onSpeedChange: (speed: number) => void;
  fullscreen: Fullscreen;
  shortcutsOpen: boolean;
  onShortcutsOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("player.controls");
  const status = usePlayerStatus(adapter);
  /** The translation toggle's title and toast on a video with no line translated into the learner's language. */
  const noTranslations = t("noTranslations");
  const [speedMenuOpen, setSpeedMenuOpen] = useState(false);
  // Once wanted, the menu and the shortcut list stay mounted (their closing animations play out).
  const [speedMenuWanted, setSpeedMenuWanted] = useState(false);
  const [shortcutsWanted, setShortcutsWanted] = useState(false);
  if (shortcutsOpen && !shortcutsWanted) setShortcutsWanted(true);
  const openSpeedMenu = () => {
    setSpeedMenuWanted(true);
    setSpeedMenuOpen(true);
  };
  const speedButton = <SpeedButton speed={speed} aria-expanded={false} onPointerEnter={preload(loadSpeedMenu)} onFocus={preload(loadSpeedMenu)} onClick={openSpeedMenu} />;
  const durationMs = status.durationMs || fallbackDurationMs;
  // Menus and dialogs go inside the player while it is fullscreen, or they would not show.
  const layer = fullscreen.active ? fullscreen.element : null;
  const focusPlayer = () => fullscreen.element?.focus({ preventScroll: true });
  const volume = status.muted ? 0 : status.volume;
  const VolumeIcon = volume === 0 ? VolumeX : volume < 0.5 ? Volume1 : Volume2;

  return (
    <div
      className="z-10 flex flex-col bg-black px-2 pb-1 @xl:absolute @xl:inset-x-0 @xl:bottom-0 @xl:bg-transparent @xl:bg-gradient-to-t @xl:from-black @xl:from-15% @xl:via-black/55 @xl:to-transparent @xl:px-3 @xl:pt-6 @xl:pb-2"
      data-testid="player-controls"
    >
      <SeekBar time={media.time} durationMs={durationMs} bufferedMs={status.bufferedMs} onSeek={media.seek} />
      <div className="flex items-center gap-0.5 @md:gap-1 @xl:gap-1.5">
        <Button
          type="button"
          size="icon"
          variant="secondary"
          className="size-9 rounded-full @xl:size-11"
          aria-label={media.playing ? t("pause") : t("play")}
          onMouseDown={keepFocus}
          onClick={() => (media.playing ? media.pause() : media.play())}
          disabled={!adapter}
        >
          {media.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button type="button" size="icon" variant="ghost" className={ICON_BUTTON} aria-label={t("replayLine")} onMouseDown={keepFocus} onClick={onReplayLine}>
          <RotateCcw aria-hidden />
        </Button>
        <p className="ml-1 text-xs whitespace-nowrap text-white tabular-nums @md:text-sm">
          <PlayerClock time={media.time} />
          <span aria-hidden className="text-white/70">
            {" / "}
          </span>
          <span className="sr-only">{` ${t("durationOf")} `}</span>
          <span className="text-white/80" data-testid="player-duration">
            {formatMediaTime(durationMs)}
          </span>
        </p>
        <div className="ml-auto flex items-center">
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className={ICON_BUTTON}
            aria-label={status.muted ? t("unmute") : t("mute")}
            onMouseDown={keepFocus}
            onClick={() => adapter?.setMuted(!status.muted)}
            disabled={!adapter}
          >
            <VolumeIcon aria-hidden />
          </Button>
          <input
            type="range"
            aria-label={t("volume")}
            min={0}
            max={1}
            step={0.05}
            value={volume}
            disabled={!adapter}
            onChange={(event) => {
              const next = Number(event.target.value);
              adapter?.setVolume(next);
              if (status.muted !== (next === 0)) adapter?.setMuted(next === 0);
            }}
            className="mr-1 hidden h-1 w-20 cursor-pointer accent-amber-400 @2xl:block"
          />
        </div>
        {speedMenuWanted ? (
          <Suspense fallback={speedButton}>
            <SpeedMenu
              speed={speed}
              onSpeedChange={onSpeedChange}
              open={speedMenuOpen}
              onOpenChange={setSpeedMenuOpen}
              container={layer}
              onClosed={focusPlayer}
            />
          </Suspense>
        ) : (
          speedButton
        )}
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className={cn(ICON_BUTTON, pauseEachLine && TOGGLED)}
          aria-label={t("pauseEachLine")}
          aria-pressed={pauseEachLine}
          title={pauseEachLine ? t("pauseEachLineOn") : t("pauseEachLineOff")}
          onMouseDown={keepFocus}
          onClick={() => onPauseEachLineChange(!pauseEachLine)}
        >
          <ListEnd aria-hidden />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className={cn(ICON_BUTTON, showTranslation && TOGGLED, !translationAvailable && "opacity-50")}
          aria-label={showTranslation ? t("hideTranslation") : t("showTranslation")}
          aria-pressed={showTranslation}
          aria-disabled={!translationAvailable || undefined}
          title={translationAvailable ? (showTranslation ? t("translationOn") : t("translationOff")) : noTranslations}
          onMouseDown={keepFocus}
          onClick={() => (translationAvailable ? onShowTranslationChange(!showTranslation) : toast.info(noTranslations))}
        >
          <Languages aria-hidden />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          className={cn(ICON_BUTTON, "hidden @xl:inline-flex")}
          aria-label={t("keyboardShortcuts")}
          aria-haspopup="dialog"
          onMouseDown={keepFocus}
          onPointerEnter={preload(loadShortcutsDialog)}
          onFocus={preload(loadShortcutsDialog)}
          onClick={() => onShortcutsOpenChange(true)}
        >
          <Keyboard aria-hidden />
        </Button>
        {fullscreen.supported ? (
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className={ICON_BUTTON}
            aria-label={t("fullscreen")}
            aria-pressed={fullscreen.active}
            onMouseDown={keepFocus}
            onClick={fullscreen.toggle}
          >
            {fullscreen.active ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
          </Button>
        ) : null}
      </div>
      {shortcutsWanted ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open={shortcutsOpen} onOpenChange={onShortcutsOpenChange} container={layer} onClosed={focusPlayer} />
        </Suspense>
      ) : null}
    </div>
  );
});

/** The media time in whole seconds: re-renders once a second while playing. */
function PlayerClock({ time }: { time: MediaTimeStore }) {
  const seconds = useMediaTimeValue(time, (ms) => Math.floor(ms / 1000));
  return <span data-testid="player-time">{formatMediaTime(seconds * 1000)}</span>;
}
