"use client";
/**
 * The fields a video's details share between the add form and the edit dialog (SPEC §2, §3):
 * title, description, category, categories and target language. Each is one FormField bound to
 * the surrounding form (react-hook-form's context), so the two screens lay them out as they
 * need and cannot drift apart in labels, limits or inputs.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useFormContext } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useCategories } from "@/lib/data/use-categories";
import type { VideoMetadataForm } from "@/lib/validation/admin-video-form";
import { CategoriesMultiSelect, CategorySelect } from "./category-inputs";
import { LanguageSelect } from "./language-select";

type TextFieldProps = { label: string; placeholder?: string; className?: string };

export function TitleField({ label, placeholder }: TextFieldProps) {
  const { control } = useFormContext<VideoMetadataForm>();
  return (
    <FormField
      control={control}
      name="title"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...field} autoComplete="off" maxLength={200} placeholder={placeholder} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function DescriptionField({ label, placeholder, className }: TextFieldProps) {
  const { control } = useFormContext<VideoMetadataForm>();
  return (
    <FormField
      control={control}
      name="description"
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea {...field} rows={3} maxLength={5000} placeholder={placeholder} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function CategoryField() {
  const t = useTranslations("admin.fields");
  const { control } = useFormContext<VideoMetadataForm>();
  const categories = useCategories().data ?? [];
  return (
    <FormField
      control={control}
      name="categoryId"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("category")}</FormLabel>
          <FormControl>
            <CategorySelect categories={categories} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function CategoriesField() {
  const t = useTranslations("admin.fields");
  const { control } = useFormContext<VideoMetadataForm>();
  const categories = useCategories().data ?? [];
  return (
    <FormField
      control={control}
      name="categoryIds"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("categories")}</FormLabel>
          <FormControl>
            <CategoriesMultiSelect categories={categories} value={field.value} onChange={field.onChange} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function TargetLanguageField({ codes, description }: { codes: readonly string[]; description?: string }) {
  const t = useTranslations("admin.fields");
  const { control } = useFormContext<VideoMetadataForm>();
  return (
    <FormField
      control={control}
      name="targetLanguage"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("targetLanguage")}</FormLabel>
          <FormControl>
            <LanguageSelect codes={codes} value={field.value} onChange={field.onChange} />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
