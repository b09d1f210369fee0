"use client";
/**
 * The admin's add-video form (SPEC §2, §5): a YouTube link, or a video or audio file of one's own,
 * or both, an optional subtitle file, an optional title (YouTube's or the file's name when blank),
 * categories, target language, description, and whether to transcribe the audio rather than take
 * YouTube's captions. The new video shows in the directory at once, processing at 0 %.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useForm, type Control } from "react-hook-form";
import { pendingVideo } from "@/lib/admin/directory";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/forms/text-field";
import { useAddVideo } from "@/lib/data/use-admin-videos";
import { useCategories } from "@/lib/data/use-categories";
import {
  ADD_VIDEO_LANGUAGES,
  AUDIO_ACCEPT,
  addVideoFormSchema,
  emptyAddVideoForm,
  SUBTITLE_ACCEPT,
  VIDEO_ACCEPT,
  type AddVideoForm as Values,
} from "@/lib/validation/admin-video-form";
import { youtubeVideoId } from "@/lib/youtube/url";
import { FileInput } from "./file-input";
import { TranscribeAudioField } from "./transcribe-audio-field";
import { NewCategoryField } from "./category-inputs";
import { CategoriesField, CategoryField, DescriptionField, TargetLanguageField, TitleField } from "./video-metadata-fields";

export function AddVideoForm({ aiProvider = true }: { aiProvider?: boolean }) {
  const t = useTranslations("admin.addForm");
  const add = useAddVideo();
  const categories = useCategories().data ?? [];
  const form = useForm<Values>({ resolver: zodResolver(addVideoFormSchema), defaultValues: emptyAddVideoForm(), mode: "onTouched" });

  async function onSubmit(values: Values) {
    const youtubeId = values.youtubeUrl.trim() ? youtubeVideoId(values.youtubeUrl) : null;
    const fileName = (values.videoFile ?? values.audioFile)?.name;
    const pending = pendingVideo({
      ...values,
      youtubeId,
      fileName,
      categoryName: (id) => categories.find((c) => c.id === id)?.name,
      untitled: { youtube: (id) => t("pendingYoutubeTitle", { id }), file: t("pendingFileTitle") },
    });
    try {
      await add.mutateAsync({ values, pending });
      form.reset(emptyAddVideoForm());
    } catch {
      // The toast says why; the form keeps what was typed.
    }
  }

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-lg">
          <h2>{t("title")}</h2>
        </CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label={t("title")}>
            {/* Top-aligned: a field stretched to a taller neighbour (a longer description) would push its control down. */}
            <div className="grid items-start gap-5 md:grid-cols-2">
              <FormField
                control={form.control}
                name="youtubeUrl"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("youtubeUrl")}</FormLabel>
                    <FormControl>
                      <Input {...field} type="url" inputMode="url" autoComplete="off" placeholder="https://www.youtube.com/watch?v=…" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <TitleField label={t("titleLabel")} placeholder={t("titlePlaceholder")} />
              <CategoryField />
              <CategoriesField />
              <div className="md:col-span-2">
                <NewCategoryField
                  onCreated={(category) => {
                    // The new category is chosen, and joins the video's categories (SPEC §4).
                    form.setValue("categoryId", category.id, { shouldDirty: true });
                    form.setValue("categoryIds", [...new Set([...form.getValues("categoryIds"), category.id])], { shouldDirty: true });
                  }}
                />
              </div>
              <TargetLanguageField codes={ADD_VIDEO_LANGUAGES} description={t("languageDescription")} />
              <FileField
                control={form.control}
                name="videoFile"
                kind="video"
                accept={VIDEO_ACCEPT}
                label={t("videoFile")}
                description={t("videoFileDescription")}
              />
              <FileField
                control={form.control}
                name="audioFile"
                kind="audio"
                accept={AUDIO_ACCEPT}
                label={t("audioFile")}
                description={t("audioFileDescription")}
              />
              <FileField
                control={form.control}
                name="subtitleFile"
                kind="subtitles"
                accept={SUBTITLE_ACCEPT}
                label={t("subtitleFile")}
                description={aiProvider ? t("subtitleFileDescription") : t("subtitleFileDescriptionNoAi")}
              />
              <TranscribeAudioField />
              <DescriptionField label={t("descriptionLabel")} placeholder={t("descriptionPlaceholder")} className="md:col-span-2" />
            </div>
            <div className="flex justify-end">
              <SubmitButton pending={add.isPending} size="default" className="sm:w-auto">
                {add.isPending ? t("submitting") : t("submit")}
              </SubmitButton>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

type FileName = "videoFile" | "audioFile" | "subtitleFile";

function FileField({ control, name, kind, accept, label, description }: {
  control: Control<Values>;
  name: FileName;
  kind: "video" | "audio" | "subtitles";
  accept: string;
  label: string;
  description: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FileInput kind={kind} accept={accept} file={field.value} onChange={field.onChange} onBlur={field.onBlur} />
          <FormDescription>{description}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
