"use client";
/**
 * The add form's choice to transcribe the audio rather than take the video's own captions on
 * YouTube (they may be missing words, or poorly timed). An uploaded audio file is always
 * transcribed, so with one chosen the box is off and cannot be ticked.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from "@/components/ui/form";
import type { AddVideoForm } from "@/lib/validation/admin-video-form";

export function TranscribeAudioField() {
  const t = useTranslations("admin.transcribe");
  const { control, setValue } = useFormContext<AddVideoForm>();
  const [audio, video] = useWatch({ control, name: ["audioFile", "videoFile"] });
  const audioFile = audio ?? video;
  useEffect(() => {
    if (audioFile) setValue("transcribeAudio", false);
  }, [audioFile, setValue]);
  return (
    <FormField
      control={control}
      name="transcribeAudio"
      render={({ field }) => (
        <FormItem className="flex items-start gap-3 rounded-lg border p-3 md:col-span-2">
          <FormControl>
            <Checkbox
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              disabled={Boolean(audioFile)}
              className="mt-0.5"
            />
          </FormControl>
          <div className="grid gap-1.5">
            <FormLabel className="leading-snug">{t("label")}</FormLabel>
            <FormDescription>{audioFile ? t("uploadDescription") : t("youtubeDescription")}</FormDescription>
          </div>
        </FormItem>
      )}
    />
  );
}
