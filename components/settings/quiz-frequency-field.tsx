"use client";
/**
 * Settings → Learning Preferences: how often quizzes interrupt a video, and the seconds between them
 * when spaced. Under the Pause on Highlight switch, which turns quizzes off altogether.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useWatch, type Control } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { NumberInput } from "@/components/forms/number-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { QUIZ_GAP_MAX_SECONDS, QUIZ_GAP_MIN_SECONDS } from "@/lib/validation/limits";
import type { SettingsForm } from "@/lib/validation/settings";

const CHOICES = ["every", "spaced", "off"] as const;

export function QuizFrequencyField({ control }: { control: Control<SettingsForm> }) {
  const t = useTranslations("settings.quiz");
  const frequency = useWatch({ control, name: "quizFrequency" });
  // Pause on Highlight off means no quizzes at all (SPEC §3): the choice waits, greyed, until it is on.
  const pausing = useWatch({ control, name: "pauseOnHighlight" });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        control={control}
        name="quizFrequency"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("label")}</FormLabel>
            <Select value={field.value} onValueChange={field.onChange} disabled={!pausing}>
              <FormControl>
                <SelectTrigger className="w-full">
                  <SelectValue>{CHOICES.includes(field.value) ? t(field.value) : undefined}</SelectValue>
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {CHOICES.map((choice) => (
                  <SelectItem key={choice} value={choice}>
                    {t(choice)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormDescription>{pausing ? t("hint") : t("hintOff")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      {pausing && frequency === "spaced" ? (
        <NumberInput
          control={control}
          name="quizGapSeconds"
          label={t("gapLabel")}
          description={t("gapHint", { min: QUIZ_GAP_MIN_SECONDS, max: QUIZ_GAP_MAX_SECONDS })}
          min={QUIZ_GAP_MIN_SECONDS}
          max={QUIZ_GAP_MAX_SECONDS}
        />
      ) : null}
    </div>
  );
}
