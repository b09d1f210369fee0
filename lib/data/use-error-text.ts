"use client";
/**
 * What a toast or a screen says went wrong with an API call, in the reader's language. The API
 * speaks English (SPEC §7): an English reader gets its message as it is; any other reader gets a
 * known message in their language, else what the error's kind means (too many requests, the
 * service down, a file too large), else the caller's own fallback (already in their language), and
 * a lost connection is said so rather than with the browser's English "Failed to fetch".
 */
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useCallback } from "react";
import { ApiRequestError, errorMessage } from "./api";
import { VALIDATION_KEYS } from "@/lib/i18n/validation-keys";
import type en from "@/messages/en.json";

type ApiErrorKey = keyof (typeof en)["apiErrors"];

/** The API's English messages a reader may meet, by their catalogue key. */
const MESSAGE_KEYS: Readonly<Record<string, ApiErrorKey>> = {
  "Current password is incorrect": "currentPasswordIncorrect",
  "That is already your email address": "sameEmail",
  "Video not found": "videoNotFound",
  "Word not found": "wordNotFound",
  "You have no card for this word: save it first": "noCard",
  "A user with this email address has already been registered": "alreadyRegistered",
  "This address has already been invited: resend its invitation instead.": "alreadyInvited",
  "Invitation not found": "invitationNotFound",
};

/** The error envelope's code (`{ error, message }`) → what it means. */
const CODE_KEYS: Readonly<Record<string, ApiErrorKey>> = {
  rate_limited: "rateLimited",
  unavailable: "unavailable",
  payload_too_large: "tooLarge",
  internal: "internal",
};

export function useErrorText(): (error: unknown, fallback: string) => string {
  const locale = useLocale();
  const t = useTranslations("apiErrors");
  const tv = useTranslations("validation");
  return useCallback(
    (error: unknown, fallback: string) => {
      // fetch() rejects with a TypeError when the network fails.
      if (error instanceof TypeError) return t("network");
      if (locale === "en") return errorMessage(error, fallback);
      if (!(error instanceof ApiRequestError)) return fallback;
      const message = error.serverMessage;
      if (message && MESSAGE_KEYS[message]) return t(MESSAGE_KEYS[message]);
      if (message && VALIDATION_KEYS[message]) return tv(VALIDATION_KEYS[message]);
      const code = error.serverCode;
      return code && CODE_KEYS[code] ? t(CODE_KEYS[code]) : fallback;
    },
    [locale, t, tv],
  );
}
