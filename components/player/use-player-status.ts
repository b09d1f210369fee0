"use client";
/**
 * What the control row shows besides the time: the media's length, how much has loaded, volume
 * and mute. Read from the adapter when it says something changed (not every frame), so only the
 * control row re-renders.
 */
import { useCallback, useSyncExternalStore } from "react";
import type { PlayerAdapter } from "@/lib/player/adapter";

const never = () => () => {};

function useAdapterValue<T>(adapter: PlayerAdapter | null, read: (adapter: PlayerAdapter) => T, fallback: T): T {
  const subscribe = useCallback((listener: () => void) => adapter?.subscribe(listener) ?? (() => {}), [adapter]);
  return useSyncExternalStore(adapter ? subscribe : never, () => (adapter ? read(adapter) : fallback), () => fallback);
}

export type PlayerStatus = { durationMs: number; bufferedMs: number; volume: number; muted: boolean };

export function usePlayerStatus(adapter: PlayerAdapter | null): PlayerStatus {
  return {
    durationMs: useAdapterValue(adapter, (a) => a.duration(), 0),
    bufferedMs: useAdapterValue(adapter, (a) => a.bufferedEnd(), 0),
    volume: useAdapterValue(adapter, (a) => a.volume(), 1),
    muted: useAdapterValue(adapter, (a) => a.isMuted(), false),
  };
}
