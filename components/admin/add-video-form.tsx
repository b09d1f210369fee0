"use client";
/**
 * The admin's add-video form (SPEC §2, §5): a YouTube link, or a video or audio file of one's own,
 * or both, an optional subtitle file, an optional title (YouTube's or the file's name when blank),
 * categories, target language, description, and whether to transcribe the audio rather than take
 * YouTube's captions. The new video shows in the directory at once, processing at 0 %.
 */
import { zodResolver } from "@hookform/resolvers/zod";
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
  const add = useAddVideo();
  const categories = useCategories().data ?? [];
  const form = useForm<Values>({ resolver: zodResolver(addVideoFormSchema), defaultValues: emptyAddVideoForm(), mode: "onTouched" });

  async function onSubmit(values: Values) {
    const youtubeId = values.youtubeUrl.trim() ? youtubeVideoId(values.youtubeUrl) : null;
    const fileName = (values.videoFile ?? values.audioFile)?.name;
    const pending = pendingVideo({ ...values, youtubeId, fileName, categoryName: (id) => categories.find((c) => c.id === id)?.name });
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
          <h2>Add a video</h2>
        </CardTitle>
        <CardDescription>
          Paste a YouTube link, or add a video or audio file of your own, or both. Without a title, YouTube&apos;s or the file&apos;s name is used.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label="Add a video">
            {/* Top-aligned: a field stretched to a taller neighbour (a longer description) would push its control down. */}
            <div className="grid items-start gap-5 md:grid-cols-2">
              <FormField
                control={form.control}
                name="youtubeUrl"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>YouTube URL (optional with a file)</FormLabel>
                    <FormControl>
                      <Input {...field} type="url" inputMode="url" autoComplete="off" placeholder="https://www.youtube.com/watch?v=…" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <TitleField label="Title (optional)" placeholder="Fetched from YouTube if blank" />
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
              <TargetLanguageField codes={ADD_VIDEO_LANGUAGES} description="The language spoken in the video." />
              <FileField
                control={form.control}
                name="videoFile"
                kind="video"
                accept={VIDEO_ACCEPT}
                label="Video file (optional)"
                description="MP4, WebM, MKV or MOV. Played by the app itself, with its picture."
              />
              <FileField
                control={form.control}
                name="audioFile"
                kind="audio"
                accept={AUDIO_ACCEPT}
                label="Audio file (optional)"
                description="MP3, WAV, M4A or AAC. Used instead of downloading from YouTube, or played with a poster."
              />
              <FileField
                control={form.control}
                name="subtitleFile"
                kind="subtitles"
                accept={SUBTITLE_ACCEPT}
                label="Subtitle file (optional)"
                description={
                  aiProvider
                    ? "SRT or WebVTT in the video's language: its lines become the captions."
                    : "SRT or WebVTT in the video's language: its lines become the captions. No AI provider is configured: without a subtitle file a video cannot get captions, and vocabulary, translations and quizzes wait until one is."
                }
              />
              <TranscribeAudioField />
              <DescriptionField label="Description (optional)" placeholder="What learners will hear in this video" className="md:col-span-2" />
            </div>
            <div className="flex justify-end">
              <SubmitButton pending={add.isPending} size="default" className="sm:w-auto">
                {add.isPending ? "Adding..." : "Add Video"}
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
