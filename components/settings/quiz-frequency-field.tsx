"use client";
/**
 * Settings → Learning Preferences: how often quizzes interrupt a video, and the seconds between them
 * when spaced. Under the Pause on Highlight switch, which turns quizzes off altogether.
 */
import { useWatch, type Control } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { NumberInput } from "@/components/forms/number-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { QUIZ_GAP_MAX_SECONDS, QUIZ_GAP_MIN_SECONDS } from "@/lib/validation/limits";
import type { SettingsForm } from "@/lib/validation/settings";

const CHOICES = [
  { value: "every", label: "At every vocabulary word" },
  { value: "spaced", label: "At most one every few seconds" },
  { value: "off", label: "Off" },
] as const;

export function QuizFrequencyField({ control }: { control: Control<SettingsForm> }) {
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
            <FormLabel>Quizzes</FormLabel>
            <Select value={field.value} onValueChange={field.onChange} disabled={!pausing}>
              <FormControl>
                <SelectTrigger className="w-full">
                  <SelectValue>{CHOICES.find((c) => c.value === field.value)?.label}</SelectValue>
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {CHOICES.map((choice) => (
                  <SelectItem key={choice.value} value={choice.value}>
                    {choice.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormDescription>{pausing ? "How often a video stops to ask about a word." : "No quizzes while Pause on Highlight is off."}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      {pausing && frequency === "spaced" ? (
        <NumberInput
          control={control}
          name="quizGapSeconds"
          label="Seconds between quizzes"
          description={`At least this long of the video between two quizzes (${QUIZ_GAP_MIN_SECONDS}–${QUIZ_GAP_MAX_SECONDS}).`}
          min={QUIZ_GAP_MIN_SECONDS}
          max={QUIZ_GAP_MAX_SECONDS}
        />
      ) : null}
    </div>
  );
}
