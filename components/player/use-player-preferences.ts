"use client";
/**
 * The player's own settings as the learner last left them: speed, the line's translation shown or
 * not, and pause after each line. Kept in this browser's storage per learner (two people sharing a
 * computer keep their own), read after the first render so the server's markup and the first
 * client render agree; a value that is not one the player offers falls back to the default.
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";

/** The speeds the speed menu offers. */
export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5] as const;

export type PlayerPreferences = { speed: number; showTranslation: boolean; pauseEachLine: boolean };

export const PLAYER_DEFAULTS: PlayerPreferences = { speed: 1, showTranslation: true, pauseEachLine: false };

const storageKey = (userId: string) => `lingoreel:player:${userId}`;

/** What storage holds, checked field by field (it may be from an older version, or edited by hand). */
export function readPreferences(raw: string | null): PlayerPreferences {
  let stored: Partial<Record<keyof PlayerPreferences, unknown>> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === "object") stored = parsed;
  } catch {
    // Unreadable: the defaults.
  }
  return {
    speed: (PLAYBACK_SPEEDS as readonly unknown[]).includes(stored.speed) ? (stored.speed as number) : PLAYER_DEFAULTS.speed,
    showTranslation: typeof stored.showTranslation === "boolean" ? stored.showTranslation : PLAYER_DEFAULTS.showTranslation,
    pauseEachLine: typeof stored.pauseEachLine === "boolean" ? stored.pauseEachLine : PLAYER_DEFAULTS.pauseEachLine,
  };
}

/** Kept-settings changes made on this page (other tabs' come as "storage" events). */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** What this page keeps where storage refuses (a private window, a policy) or before the learner is known: for this visit only. */
const memory = new Map<string, string>();

function readStored(userId: string | undefined): string | null {
  const kept = memory.get(userId ?? "") ?? null;
  if (!userId) return kept;
  try {
    return window.localStorage.getItem(storageKey(userId)) ?? kept;
  } catch {
    return kept;
  }
}

export function usePlayerPreferences(userId: string | undefined): [PlayerPreferences, (change: Partial<PlayerPreferences>) => void] {
  // The stored text is the snapshot (a string compares by value); the server and the first render see none.
  const raw = useSyncExternalStore(subscribe, () => readStored(userId), () => null);
  const preferences = useMemo(() => readPreferences(raw), [raw]);
  const change = useCallback(
    (next: Partial<PlayerPreferences>) => {
      const text = JSON.stringify({ ...readPreferences(readStored(userId)), ...next });
      memory.set(userId ?? "", text);
      try {
        if (userId) window.localStorage.setItem(storageKey(userId), text);
      } catch {
        // Kept in memory for this visit.
      }
      for (const listener of listeners) listener();
    },
    [userId],
  );
  return [preferences, change];
}
