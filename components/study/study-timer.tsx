"use client";
/**
 * Counts study time on the page it is placed on, and reports it (lib/data/use-study-time.ts):
 * time with a video or line playing (a <video>/<audio> element, or a YouTube embed saying it
 * plays), and, where `interactive`, time the learner is working the page (visible, with a key,
 * tap or click in the last REVIEW_IDLE_MS). It watches the page rather than the player, so the
 * players need not know about it.
 */
import { useEffect, useState } from "react";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { useStudyTimeReports } from "@/lib/data/use-study-time";
import { StudyClock } from "@/lib/study/clock";

/** Without a key, tap or click for this long, the review screen stops counting (from the last one). */
export const REVIEW_IDLE_MS = 60_000;

/** YouTube's playerState for "playing". */
const YOUTUBE_PLAYING = 1;

/** The YouTube embed's state in a message, when the message says it (the IFrame API's infoDelivery / onStateChange). */
export function youtubePlayerState(data: unknown): number | undefined {
  let message: unknown = data;
  if (typeof data === "string") {
    try {
      message = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  if (!message || typeof message !== "object") return undefined;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if ((event === "infoDelivery" || event === "initialDelivery") && info && typeof info === "object") {
    const state = (info as { playerState?: unknown }).playerState;
    return typeof state === "number" ? state : undefined;
  }
  if (event === "onStateChange" && typeof info === "number") return info;
  return undefined;
}

export function StudyTimer({ embedOrigin, interactive = false }: { embedOrigin?: string; interactive?: boolean }) {
  const { user } = useCurrentUser();
  const [clock] = useState(() => new StudyClock());
  useStudyActivity(clock, embedOrigin, interactive);
  useStudyTimeReports(user?.id, clock);
  return null;
}

function useStudyActivity(clock: StudyClock, embedOrigin: string | undefined, interactive: boolean) {
  useEffect(() => {
    const playingMedia = new Set<EventTarget>();
    const playingEmbeds = new Set<MessageEventSource>();
    let lastInput = interactive ? Date.now() : -Infinity;
    let idleTimer: number | undefined;

    let wasPlaying = false;

    const working = (at: number) => interactive && document.visibilityState === "visible" && at - lastInput < REVIEW_IDLE_MS;
    const update = () => {
      const at = Date.now();
      const playing = playingMedia.size > 0 || playingEmbeds.size > 0;
      const active = playing || working(at);
      // Gone idle: counted up to the idle limit, not up to whenever a timer noticed.
      clock.set(active, active || wasPlaying ? at : Math.min(at, lastInput + REVIEW_IDLE_MS));
      wasPlaying = playing;
    };
    const onInput = () => {
      if (!interactive) return;
      lastInput = Date.now();
      window.clearTimeout(idleTimer);
      idleTimer = window.setTimeout(update, REVIEW_IDLE_MS);
      update();
    };
    const onMedia = (event: Event) => {
      const media = event.target;
      if (!(media instanceof HTMLMediaElement)) return;
      if (!media.paused && !media.ended && event.type === "playing") playingMedia.add(media);
      else if (event.type !== "playing") playingMedia.delete(media);
      update();
    };
    const onMessage = (event: MessageEvent) => {
      if (!embedOrigin || event.origin !== embedOrigin || !event.source) return;
      const state = youtubePlayerState(event.data);
      if (state === undefined) return;
      if (state === YOUTUBE_PLAYING) playingEmbeds.add(event.source);
      else playingEmbeds.delete(event.source);
      update();
    };

    // Media events do not bubble: caught on their way down instead.
    const mediaEvents = ["playing", "pause", "ended", "waiting", "emptied"] as const;
    for (const name of mediaEvents) document.addEventListener(name, onMedia, true);
    const inputEvents = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
    for (const name of inputEvents) window.addEventListener(name, onInput, { capture: true, passive: true });
    window.addEventListener("message", onMessage);
    document.addEventListener("visibilitychange", update);
    // A video that was already playing when the page (re)mounted.
    for (const media of document.querySelectorAll("video, audio")) if (media instanceof HTMLMediaElement && !media.paused && !media.ended) playingMedia.add(media);
    update();
    if (interactive) idleTimer = window.setTimeout(update, REVIEW_IDLE_MS);
    return () => {
      for (const name of mediaEvents) document.removeEventListener(name, onMedia, true);
      for (const name of inputEvents) window.removeEventListener(name, onInput, { capture: true });
      window.removeEventListener("message", onMessage);
      document.removeEventListener("visibilitychange", update);
      window.clearTimeout(idleTimer);
      clock.set(false);
    };
  }, [clock, embedOrigin, interactive]);
}
