"use client";
/** The languages the product supports, from the server (GET /api/languages). */
import { useQuery } from "@tanstack/react-query";
import { languageKeys } from "./keys";
import type { LanguageOption } from "@/lib/types/api";

export function useLanguages() {
  return useQuery<LanguageOption[]>({ queryKey: languageKeys.all });
}
