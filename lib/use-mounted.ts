"use client";
/** False while rendering on the server and hydrating, true afterwards: for values only the browser knows. */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useMounted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
