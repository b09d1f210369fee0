"use client";
/** Keeps the user's time zone in step with the browser's, so "today" and the streak follow the learner's own days. */
import { useEffect, useRef } from "react";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { browserTimeZone } from "@/lib/data/use-progress";
import { useUpdateSettings } from "@/lib/data/use-settings";

export function TimeZoneSync() {
  const { user } = useCurrentUser();
  const update = useUpdateSettings();
  const sent = useRef(false);
  useEffect(() => {
    if (!user || sent.current) return;
    const zone = browserTimeZone();
    if (zone === user.timeZone) return;
    sent.current = true;
    update.mutate({ values: { timeZone: zone } }, { onError: (error) => console.warn("Could not save the time zone:", error.message) });
  }, [user, update]);
  return null;
}
