"use client";
/** Settings: profile, languages, daily goal and the four learning switches, saved together. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import type { ReactNode } from "react";
import { useForm, type Control } from "react-hook-form";
import { useSignOut } from "@/components/auth/use-sign-out";
import { toast } from "@/lib/toast";
import { NumberInput } from "@/components/forms/number-input";
import { SubmitButton, TextField } from "@/components/forms/text-field";
import { LanguageFlag } from "@/components/language-flag";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import type { AppUser, LearningPreferences } from "@/lib/types/api";
import { useLanguages } from "@/lib/data/use-languages";
import { languageName } from "@/lib/i18n/locales";
import { browserTimeZone } from "@/lib/data/use-progress";
import { useUpdateSettings } from "@/lib/data/use-settings";
import { QuizFrequencyField } from "./quiz-frequency-field";
import { DAILY_GOAL_INPUT_MAX, DEFAULT_DAILY_GOAL } from "@/lib/validation/limits";
import { settingsFormSchema, type SettingsForm as Values } from "@/lib/validation/settings";

type Switch = "showDefinitions" | "pauseOnHighlight" | "pauseOnWordLookup" | "showWordStatus" | "enableNotifications" | "autoplayVideos";

const SWITCHES: readonly (Switch & keyof LearningPreferences)[] = [
  "showDefinitions",
  "pauseOnHighlight",
  "pauseOnWordLookup",
  "showWordStatus",
  "enableNotifications",
  "autoplayVideos",
];

export function SettingsForm({ user, preferences }: { user: AppUser; preferences: LearningPreferences }) {
  const t = useTranslations("settings");
  const save = useUpdateSettings();
  const signOut = useSignOut();
  const form = useForm<Values>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      nativeLanguage: user.nativeLanguage ?? "",
      targetLanguage: user.targetLanguage ?? "",
      dailyGoal: user.dailyGoal ?? DEFAULT_DAILY_GOAL,
      ...preferences,
    },
  });

  async function onSubmit(values: Values) {
    try {
      // The browser's zone goes with the form: the learner's days follow it (at most one switch a day).
      await save.mutateAsync({ values: { ...values, timeZone: browserTimeZone() } });
      form.reset(values);
      toast.success(t("form.savedTitle"), { description: t("form.savedText") });
    } catch {
      toast.error(t("form.errorTitle"), { description: t("form.saveFailed") });
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-6" aria-label={t("form.label")}>
        <Section title={t("form.profileTitle")} description={t("form.profileDescription")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="firstName" label={t("form.firstName")} autoComplete="given-name" />
            <TextField control={form.control} name="lastName" label={t("form.lastName")} autoComplete="family-name" />
          </div>
        </Section>

        <Section title={t("form.languageTitle")} description={t("form.languageDescription")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <LanguageSelect control={form.control} name="nativeLanguage" label={t("form.nativeLanguage")} />
            <LanguageSelect control={form.control} name="targetLanguage" label={t("form.targetLanguage")} />
          </div>
        </Section>

        <Section title={t("form.learningTitle")} description={t("form.learningDescription")}>
          {/* Half the row, as wide as the Quizzes choice below. */}
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberInput
              control={form.control}
              name="dailyGoal"
              label={t("form.dailyGoal")}
              description={t("form.dailyGoalHint")}
              min={1}
              max={DAILY_GOAL_INPUT_MAX}
            />
          </div>
          <div className="divide-y rounded-xl border">
            {SWITCHES.map((name) => (
              <FormField
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <FormItem className="flex items-center justify-between gap-4 p-4">
                    <div className="space-y-0.5">
                      <FormLabel className="text-base">{t(`switches.${name}Label`)}</FormLabel>
                      <FormDescription>{t(`switches.${name}Description`)}</FormDescription>
                    </div>
                    <FormControl>
                      <Switch checked={field.value} onCheckedChange={field.onChange} />
                    </FormControl>
                  </FormItem>
                )}
              />
            ))}
          </div>
          <QuizFrequencyField control={form.control} />
        </Section>

        <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <a
            href="/api/auth/logout"
            onClick={(event) => {
              // The address signs out without scripts (SPEC); with them, sign out as the account menu does, toast included.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              void signOut();
            }}
            className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-destructive underline-offset-4 hover:underline sm:min-h-0"
          >
            {t("form.signOut")}
          </a>
          <SubmitButton pending={save.isPending} className="sm:w-auto">
            {save.isPending ? t("form.saving") : t("form.save")}
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}

export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-5">{children}</CardContent>
    </Card>
  );
}

function LanguageSelect({ control, name, label }: { control: Control<Values>; name: "nativeLanguage" | "targetLanguage"; label: string }) {
  const t = useTranslations("settings.form");
  const locale = useLocale();
  const languages = useLanguages();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const chosen = languages.data?.find((l) => l.code === field.value);
        return (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full">
                {/* Given explicitly so the server-rendered page already names the choice. */}
                <SelectValue placeholder={t("chooseLanguage")}>
                  {chosen ? (
                    <>
                      <LanguageFlag code={chosen.code} locale={locale} className="h-3.5 w-5 rounded-[2px]" />
                      {languageName(chosen.code, locale) ?? chosen.name}
                    </>
                  ) : undefined}
                </SelectValue>
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {(languages.data ?? []).map((language) => (
                <SelectItem key={language.code} value={language.code}>
                  <LanguageFlag code={language.code} locale={locale} className="h-3.5 w-5 rounded-[2px]" />
                  {languageName(language.code, locale) ?? language.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
        );
      }}
    />
  );
}
