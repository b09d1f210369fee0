"use client";
/**
 * The admin's add-video form (SPEC §2, §5): a YouTube link (required), an optional title (the
 * server fetches the video's own when blank), categories, target language, description and an
 * optional audio file. The new video shows in the directory at once, processing at 0 %.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { pendingVideo } from "@/lib/admin/directory";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { SubmitButton } from "@/components/forms/text-field";
import { useAddVideo } from "@/lib/data/use-admin-videos";
import { useCategories } from "@/lib/data/use-categories";
import {
  ADD_VIDEO_LANGUAGES,
  addVideoFormSchema,
  emptyAddVideoForm,
  type AddVideoForm as Values,
} from "@/lib/validation/admin-video-form";
import { youtubeVideoId } from "@/lib/youtube/url";
import { AudioFileInput } from "./audio-file-input";
import { CategoriesMultiSelect, CategorySelect, NewCategoryField } from "./category-inputs";
import { LanguageSelect } from "./language-select";

export function AddVideoForm() {
  const add = useAddVideo();
  const categories = useCategories().data ?? [];
  const form = useForm<Values>({ resolver: zodResolver(addVideoFormSchema), defaultValues: emptyAddVideoForm(), mode: "onTouched" });

  async function onSubmit(values: Values) {
    const youtubeId = youtubeVideoId(values.youtubeUrl);
    if (!youtubeId) return;
    const pending = pendingVideo({ ...values, youtubeId, categoryName: (id) => categories.find((c) => c.id === id)?.name });
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
        <CardDescription>Paste a YouTube link. Without a title, the video&apos;s own is fetched.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label="Add a video">
            <div className="grid gap-5 md:grid-cols-2">
              <FormField
                control={form.control}
                name="youtubeUrl"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>YouTube URL</FormLabel>
                    <FormControl>
                      <Input {...field} type="url" inputMode="url" autoComplete="off" placeholder="https://www.youtube.com/watch?v=…" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="title"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Title (optional)</FormLabel>
                    <FormControl>
                      <Input {...field} autoComplete="off" maxLength={200} placeholder="Fetched from YouTube if blank" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="categoryId"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Category</FormLabel>
                    <FormControl>
                      <CategorySelect categories={categories} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="categoryIds"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Categories</FormLabel>
                    <FormControl>
                      <CategoriesMultiSelect categories={categories} value={field.value} onChange={field.onChange} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="md:col-span-2">
                <NewCategoryField
                  onCreated={(category) => {
                    // The new category is chosen, and joins the video's categories (SPEC §4).
                    form.setValue("categoryId", category.id, { shouldDirty: true });
                    form.setValue("categoryIds", [...new Set([...form.getValues("categoryIds"), category.id])], { shouldDirty: true });
                  }}
                />
              </div>
              <FormField
                control={form.control}
                name="targetLanguage"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Target language</FormLabel>
                    <FormControl>
                      <LanguageSelect codes={ADD_VIDEO_LANGUAGES} value={field.value} onChange={field.onChange} />
                    </FormControl>
                    <FormDescription>The language spoken in the video.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="audioFile"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Audio file (optional)</FormLabel>
                    <AudioFileInput file={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                    <FormDescription>MP3, WAV, M4A or AAC. Used instead of downloading from YouTube.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="description"
                render={({ field }) => (
                  <FormItem className="md:col-span-2">
                    <FormLabel>Description (optional)</FormLabel>
                    <FormControl>
                      <Textarea {...field} rows={3} maxLength={5000} placeholder="What learners will hear in this video" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
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
