"use client";
/** Settings: profile, languages, daily goal and the four learning switches, saved together. */
import { zodResolver } from "@hookform/resolvers/zod";
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
import { browserTimeZone } from "@/lib/data/use-progress";
import { useUpdateSettings } from "@/lib/data/use-settings";
import { QuizFrequencyField } from "./quiz-frequency-field";
import { DAILY_GOAL_INPUT_MAX, DEFAULT_DAILY_GOAL } from "@/lib/validation/limits";
import { settingsFormSchema, type SettingsForm as Values } from "@/lib/validation/settings";

type Switch = "showDefinitions" | "pauseOnHighlight" | "pauseOnWordLookup" | "showWordStatus" | "enableNotifications" | "autoplayVideos";

const SWITCHES: { name: Switch & keyof LearningPreferences; label: string; description: string }[] = [
  { name: "showDefinitions", label: "Show Definitions", description: "Show a word's meaning when it lights up in the captions." },
  { name: "pauseOnHighlight", label: "Pause on Highlight", description: "Pause the video at vocabulary words for a quiz." },
  { name: "pauseOnWordLookup", label: "Pause when looking up a word", description: "Pause while a word's meaning is open; playing resumes when it closes." },
  { name: "showWordStatus", label: "Show word status", description: "Mark words in the captions and transcript as new, learning or known." },
  { name: "enableNotifications", label: "Enable Notifications", description: "Reminders to keep your streak going." },
  { name: "autoplayVideos", label: "Autoplay Videos", description: "Start playing as soon as a video opens." },
];

export function SettingsForm({ user, preferences }: { user: AppUser; preferences: LearningPreferences }) {
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
      toast.success("Settings updated", { description: "Your settings have been saved successfully." });
    } catch {
      toast.error("Error", { description: "Failed to update settings. Please try again." });
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-6" aria-label="Settings">
        <Section title="Profile Information" description="How your name appears in LingoReel.">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="firstName" label="First name" autoComplete="given-name" />
            <TextField control={form.control} name="lastName" label="Last name" autoComplete="family-name" />
          </div>
        </Section>

        <Section title="Language Preferences" description="Quizzes and translations use your native language.">
          <div className="grid gap-4 sm:grid-cols-2">
            <LanguageSelect control={form.control} name="nativeLanguage" label="Native language" />
            <LanguageSelect control={form.control} name="targetLanguage" label="Target language" />
          </div>
        </Section>

        <Section title="Learning Preferences" description="Your daily goal and how videos behave.">
          {/* Half the row, as wide as the Quizzes choice below. */}
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberInput
              control={form.control}
              name="dailyGoal"
              label="Daily goal (minutes)"
              description="Minutes a day you want to practise."
              min={1}
              max={DAILY_GOAL_INPUT_MAX}
            />
          </div>
          <div className="divide-y rounded-xl border">
            {SWITCHES.map((item) => (
              <FormField
                key={item.name}
                control={form.control}
                name={item.name}
                render={({ field }) => (
                  <FormItem className="flex items-center justify-between gap-4 p-4">
                    <div className="space-y-0.5">
                      <FormLabel className="text-base">{item.label}</FormLabel>
                      <FormDescription>{item.description}</FormDescription>
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
            Sign out
          </a>
          <SubmitButton pending={save.isPending} className="sm:w-auto">
            {save.isPending ? "Saving..." : "Save Changes"}
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
                <SelectValue placeholder="Choose a language">
                  {chosen ? (
                    <>
                      <LanguageFlag code={chosen.code} className="h-3.5 w-5 rounded-[2px]" />
                      {chosen.name}
                    </>
                  ) : undefined}
                </SelectValue>
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {(languages.data ?? []).map((language) => (
                <SelectItem key={language.code} value={language.code}>
                  <LanguageFlag code={language.code} className="h-3.5 w-5 rounded-[2px]" />
                  {language.name}
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
