"use client";
/** The user's learning preferences (GET /api/settings) and saving settings (POST /api/settings). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SettingsUpdate } from "@/lib/validation/settings";
import { apiJson } from "./api";
import { settingsKeys, userKeys } from "./keys";
import type { AppUser, LearningPreferences } from "@/lib/types/api";

export function useSettings(options: { enabled?: boolean } = {}) {
  return useQuery<LearningPreferences>({ queryKey: settingsKeys.all, enabled: options.enabled });
}

export type SettingsSaved = LearningPreferences & { user: AppUser };

/**
 * Saves settings. `token` sends an explicit bearer token (onboarding passes the session's own);
 * on success the settings, the current user and today's figures are refreshed.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, token }: { values: SettingsUpdate; token?: string }) =>
      apiJson<SettingsSaved>("POST", settingsKeys.all[0], values, token ? { token } : undefined),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.current }),
        // The daily goal and the time zone (which day is today) shape these.
        queryClient.invalidateQueries({ queryKey: userKeys.dailyProgress }),
        queryClient.invalidateQueries({ queryKey: userKeys.stats }),
      ]);
    },
  });
}
