"use client";
/** Three steps: native language, target language (never the native one), daily goal. */
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, Check } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { BrandLogo } from "@/components/brand-logo";
import { LanguageFlag } from "@/components/language-flag";
import { useAuth } from "@/lib/auth/auth-context";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { languageName } from "@/lib/i18n/locales";
import { useLanguages } from "@/lib/data/use-languages";
import { useUpdateSettings } from "@/lib/data/use-settings";
import { DAILY_GOAL_OPTIONS, DEFAULT_DAILY_GOAL } from "@/lib/validation/limits";

const STEPS = [
  { title: "nativeTitle", subtitle: "nativeSubtitle" },
  { title: "targetTitle", subtitle: "targetSubtitle" },
  { title: "goalTitle", subtitle: "goalSubtitle" },
] as const;

const GOAL_LABELS = { 15: "casual", 30: "regular", 60: "serious", 90: "intense" } as const;
const goalLabel = (minutes: number) => GOAL_LABELS[minutes as keyof typeof GOAL_LABELS];

export function OnboardingWizard() {
  const { loadSupabase } = useAuth();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [nativeLanguage, setNative] = useState<string | null>(null);
  const [targetLanguage, setTarget] = useState<string | null>(null);
  const [dailyGoal, setGoal] = useState<number>(DEFAULT_DAILY_GOAL);
  const languages = useLanguages();
  const save = useUpdateSettings();
  const saving = save.isPending || save.isSuccess;
  const t = useTranslations("onboarding");
  const locale = useLocale();

  const canContinue = step === 0 ? !!nativeLanguage : step === 1 ? !!targetLanguage : true;
  const options = (languages.data ?? []).filter((l) => step !== 1 || l.code !== nativeLanguage);

  async function finish() {
    try {
      const { data } = await (await loadSupabase()).auth.getSession();
      const token = data.session?.access_token;
      if (!token) throw new Error("No authentication session found");
      await save
        .mutateAsync({
          token,
          values: {
            nativeLanguage: nativeLanguage ?? undefined,
            targetLanguage: targetLanguage ?? undefined,
            dailyGoal,
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          },
        })
        .catch((cause: unknown) => {
          throw new Error("Failed to update user preferences", { cause });
        });
      queryClient.clear();
      toast.success(t("saved"), { description: t("savedText") });
      // Straight home: "/" would be redirected there by the server, a full page load that drops the toast.
      router.replace("/home");
      router.refresh();
    } catch (error) {
      console.error(error);
      toast.error(t("error"), { description: t("failed") });
    }
  }

  function choose(code: string) {
    if (step === 0) {
      setNative(code);
      if (targetLanguage === code) setTarget(null);
    } else {
      setTarget(code);
    }
  }

  const selected = step === 0 ? nativeLanguage : targetLanguage;
  const current = STEPS[step]!;

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-4 py-6 sm:px-6">
      <header className="mb-6 flex items-center justify-between gap-4">
        <BrandLogo />
        <span className="text-sm font-medium text-muted-foreground">
          {t("step", { step: step + 1, total: STEPS.length })}
        </span>
      </header>
      <Progress value={((step + 1) / STEPS.length) * 100} aria-label={t("progress")} className="mb-10 h-2.5" />

      <section className="flex-1" aria-labelledby="onboarding-title">
        <h1 id="onboarding-title" className="mb-2 text-2xl font-bold tracking-tight sm:text-3xl">
          {t(current.title)}
        </h1>
        <p className="mb-8 text-muted-foreground">{t(current.subtitle)}</p>

        {step < 2 ? (
          <div role="radiogroup" aria-labelledby="onboarding-title" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {languages.isLoading
              ? Array.from({ length: 9 }, (_, i) => <Skeleton key={i} className="h-20 rounded-xl" />)
              : options.map((language) => {
                  const active = selected === language.code;
                  return (
                    <button
                      key={language.code}
                      type="button"
                      role="radio"
                      aria-checked={active}
                      onClick={() => choose(language.code)}
                      className={cn(
                        // On phones the flag sits above the name, so two columns leave the whole width to "Portuguese".
                        "relative flex flex-col items-start gap-2 rounded-xl border-2 bg-card p-3 text-left sm:flex-row sm:items-center sm:gap-3 sm:p-4 transition-all hover:border-primary/50 hover:shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                        active ? "border-primary bg-primary/5 shadow-sm" : "border-border",
                      )}
                    >
                      <LanguageFlag code={language.code} locale={locale} className="h-5 w-7 shrink-0 sm:h-6 sm:w-9" />
                      <span className="w-full min-w-0">
                        <span className="block font-semibold break-words">{languageName(language.code, locale) ?? language.name}</span>
                        <span className="block text-xs break-words text-muted-foreground">{language.nativeName}</span>
                      </span>
                      {active ? (
                        <Check className="absolute top-2 right-2 size-4 text-primary" aria-hidden />
                      ) : null}
                    </button>
                  );
                })}
            {languages.isError ? (
              <p className="col-span-full text-sm text-destructive" role="alert">
                {t("languagesFailed")}{" "}
                <button type="button" className="font-semibold underline" onClick={() => languages.refetch()}>
                  {t("tryAgain")}
                </button>
              </p>
            ) : null}
          </div>
        ) : (
          <div role="radiogroup" aria-labelledby="onboarding-title" className="grid gap-3 sm:grid-cols-2">
            {DAILY_GOAL_OPTIONS.map((minutes) => {
              const active = dailyGoal === minutes;
              return (
                <button
                  key={minutes}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  onClick={() => setGoal(minutes)}
                  className={cn(
                    "flex items-center justify-between rounded-xl border-2 bg-card p-5 text-left transition-all hover:border-primary/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                    active ? "border-primary bg-primary/5 shadow-sm" : "border-border",
                  )}
                >
                  <span>
                    <span className="block text-lg font-bold">{t("minutesPerDay", { minutes })}</span>
                    {goalLabel(minutes) ? <span className="block text-sm text-muted-foreground">{t(goalLabel(minutes)!)}</span> : null}
                  </span>
                  {active ? <Check className="size-5 text-primary" aria-hidden /> : null}
                </button>
              );
            })}
          </div>
        )}
      </section>

      <footer className="sticky bottom-0 mt-10 flex items-center justify-between gap-3 border-t bg-background/95 py-4 backdrop-blur">
        <Button variant="ghost" onClick={() => setStep((s) => s - 1)} disabled={step === 0 || saving}>
          <ArrowLeft aria-hidden /> {t("back")}
        </Button>
        {step < STEPS.length - 1 ? (
          <Button size="lg" onClick={() => setStep((s) => s + 1)} disabled={!canContinue}>
            {t("next")} <ArrowRight aria-hidden />
          </Button>
        ) : (
          <Button size="lg" onClick={finish} disabled={saving}>
            {saving ? <Spinner /> : null}
            {t("getStarted")}
          </Button>
        )}
      </footer>
    </div>
  );
}
