/** The visitors' landing screen (SPEC §2): pitch, Start Learning, sample videos the page passes in. */
import Link from "next/link";
import type { ComponentProps } from "react";
import { ArrowRight, BookOpenCheck, Flame, PlayCircle } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { LanguagePicker } from "@/components/i18n/language-picker";
import { PublicHeader } from "@/components/layout/public-header";
import { Button } from "@/components/ui/button";
import { inputClassName } from "@/components/ui/input";
import { VideoTile } from "@/components/video-tile";
import { StartLearningForm } from "./start-learning-form";

export type SampleVideo = ComponentProps<typeof VideoTile>["video"] & { id: number };

const FEATURES = [
  { icon: PlayCircle, key: "videos" },
  { icon: BookOpenCheck, key: "vocabulary" },
  { icon: Flame, key: "progress" },
] as const;

/** `signupOpen` false: an invitation-only install, whose page offers sign-in instead of sign-up. */
export async function LandingPage({ samples, signupOpen = true }: { samples: SampleVideo[]; signupOpen?: boolean }) {
  const t = await getTranslations("landing");
  return (
    <div className="min-h-dvh bg-gradient-to-b from-primary/5 via-background to-background">
      <PublicHeader signupOpen={signupOpen} />
      <main>
        <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-2 lg:pt-20">
          <div className="space-y-7">
            <span className="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-primary/10 px-3 py-1 text-sm font-medium text-primary">
              <Flame className="size-4 text-amber-500" aria-hidden /> {t("badge")}
            </span>
            <h1 className="text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl">
              {t("headline")} <span className="text-primary">{t("headlineAccent")}</span>
            </h1>
            <p className="max-w-xl text-lg text-muted-foreground text-pretty">
              {t("pitch")}
            </p>
            {signupOpen ? (
              <StartLearningForm
                label={t("emailLabel")}
                placeholder={t("emailPlaceholder")}
                invalidEmail={(await getTranslations("validation"))("invalidEmail")}
                inputClassName={inputClassName("h-12 bg-background text-base")}
                submit={
                  <Button type="submit" size="lg" className="h-12 shrink-0">
                    {t("startLearning")}
                    <ArrowRight aria-hidden />
                  </Button>
                }
              />
            ) : (
              <div className="flex max-w-md flex-col gap-3 sm:flex-row sm:items-center" data-testid="invite-only">
                <p className="text-sm text-muted-foreground">{t("inviteOnly")}</p>
                <Button asChild size="lg" className="h-12 shrink-0">
                  <Link href="/login">
                    {t("signIn")}
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </div>
            )}
            {signupOpen ? (
              <p className="text-sm text-muted-foreground">
                {t("alreadyLearning")}{" "}
                <Link href="/login" className="font-semibold text-primary hover:underline">
                  {t("signIn")}
                </Link>
              </p>
            ) : null}
          </div>

          <div className="grid grid-cols-2 gap-3 sm:gap-4" aria-label={t("samples")}>
            {samples.map((video, i) => (
              <VideoTile key={video.id} video={video} className={i % 2 === 1 ? "translate-y-6" : undefined} />
            ))}
          </div>
        </section>

        <section className="border-t bg-muted/30">
          <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, key }) => (
              <div key={key} className="rounded-2xl border bg-card p-6 shadow-sm">
                <div className="mb-4 flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                  <Icon className="size-6" aria-hidden />
                </div>
                <h2 className="mb-2 text-lg font-bold">{t(`${key}Title`)}</h2>
                <p className="text-muted-foreground">{t(`${key}Text`)}</p>
              </div>
            ))}
          </div>
        </section>
      </main>
      <footer className="flex flex-col items-center gap-4 border-t py-8 text-center text-sm text-muted-foreground">
        <LanguagePicker />
        <p>{t("footer")}</p>
      </footer>
    </div>
  );
}
