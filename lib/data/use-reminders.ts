"use client";
/** Reminders from the settings screen: a test one now (POST /api/reminders/test). */
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "./api";

export function useSendTestReminder() {
  return useMutation({ mutationFn: () => apiJson<{ email: string | null; devices: number }>("POST", "/api/reminders/test") });
}
