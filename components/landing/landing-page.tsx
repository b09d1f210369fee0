/** The visitors' landing screen (SPEC §2): pitch, Start Learning, sample videos the page passes in. */
import Link from "next/link";
import type { ComponentProps } from "react";
import { ArrowRight, BookOpenCheck, Flame, PlayCircle } from "lucide-react";
import { PublicHeader } from "@/components/layout/public-header";
import { Button } from "@/components/ui/button";
import { inputClassName } from "@/components/ui/input";
import { VideoTile } from "@/components/video-tile";
import { StartLearningForm } from "./start-learning-form";

export type SampleVideo = ComponentProps<typeof VideoTile>["video"] & { id: number };

const FEATURES = [
  {
    icon: PlayCircle,
    title: "Interactive Videos",
    text: "Real videos with captions that light up word by word as they are spoken, and a translation one tap away.",
  },
  {
    icon: BookOpenCheck,
    title: "Smart Vocabulary",
    text: "Playback pauses at the words worth learning for a quick quiz in your own language, so they stick.",
  },
  {
    icon: Flame,
    title: "Track Progress",
    text: "Set a daily goal, keep your streak alive and watch your count of learned words grow.",
  },
];

export function LandingPage({ samples }: { samples: SampleVideo[] }) {
  return (
    <div className="min-h-dvh bg-gradient-to-b from-primary/5 via-background to-background">
      <PublicHeader />
      <main>
        <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-2 lg:pt-20">
          <div className="space-y-7">
            <span className="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-primary/10 px-3 py-1 text-sm font-medium text-primary">
              <Flame className="size-4 text-amber-500" aria-hidden /> Learn from real videos
            </span>
            <h1 className="text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl">
              Watch. Listen. <span className="text-primary">Remember.</span>
            </h1>
            <p className="max-w-xl text-lg text-muted-foreground text-pretty">
              LingoReel turns videos into language lessons: live captions that follow the speaker word by word, and
              quick quizzes on the vocabulary that matters, in your own language.
            </p>
            <StartLearningForm
              inputClassName={inputClassName("h-12 bg-background text-base")}
              submit={
                <Button type="submit" size="lg" className="h-12 shrink-0">
                  Start Learning
                  <ArrowRight aria-hidden />
                </Button>
              }
            />
            <p className="text-sm text-muted-foreground">
              Already learning with us?{" "}
              <Link href="/login" className="font-semibold text-primary hover:underline">
                Sign in
              </Link>
            </p>
          </div>

          <div className="grid grid-cols-2 gap-3 sm:gap-4" aria-label="Sample videos">
            {samples.map((video, i) => (
              <VideoTile key={video.id} video={video} className={i % 2 === 1 ? "translate-y-6" : undefined} />
            ))}
          </div>
        </section>

        <section className="border-t bg-muted/30">
          <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <div key={title} className="rounded-2xl border bg-card p-6 shadow-sm">
                <div className="mb-4 flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                  <Icon className="size-6" aria-hidden />
                </div>
                <h2 className="mb-2 text-lg font-bold">{title}</h2>
                <p className="text-muted-foreground">{text}</p>
              </div>
            ))}
          </div>
        </section>
      </main>
      <footer className="border-t py-8 text-center text-sm text-muted-foreground">
        LingoReel · open source, self-hostable
      </footer>
    </div>
  );
}
