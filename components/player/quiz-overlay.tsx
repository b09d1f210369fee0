"use client";
/**
 * The quiz at a pause point (SPEC §4 "Quiz flow"): pick an option (or press 1-4), the choice
 * locks, 'Correct!' (with a tone) or 'Try again' shows for 2 s, then Continue (or Enter) closes it.
 * A wrong pick shows the right answer (by icon and text as well as colour); Skip (or Escape)
 * closes it unanswered. The line the word was said in shows above the options. A review (one of
 * the learner's due words, said in this video) is marked so, by a badge and in its name. The card fits the
 * player whatever its size (scrolling inside if it must) and scrolls the player into view; on a
 * phone, or a screen too short for the player, it covers the screen instead. The options come in
 * a new order at each attempt (lib/quiz/shuffle.ts), so the right answer has no fixed place.
 */
import { Check, X } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { seededRandom, shuffleQuiz } from "@/lib/quiz/shuffle";
import type { Quiz } from "@/lib/types/api";
import { cn } from "@/lib/utils";

export const FEEDBACK_MS = 2000;

function playTone() {
  try {
    const audio = new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.25);
    oscillator.onended = () => void audio.close();
  } catch {
    // No audio output: the text says it too.
  }
}

/**
 * A layer over the player (the quiz, the recap): over the picture from a tablet up, over the whole
 * screen on a phone or a screen too short for the player (a landscape phone under the header).
 */
export const PLAYER_OVERLAY = cn(
  "fixed inset-0 z-50 flex items-end justify-center bg-gradient-to-t from-black/90 via-black/60 to-black/20 p-3",
  "sm:absolute sm:z-20 sm:scroll-mt-20 sm:scroll-mb-4 sm:items-center sm:p-4",
  "[@media(max-height:30rem)]:fixed [@media(max-height:30rem)]:z-50 [@media(max-height:30rem)]:p-2",
);

/** The card inside it: as tall as the layer at most, scrolling inside when the content is taller. */
export const PLAYER_OVERLAY_CARD =
  "max-h-full w-full max-w-2xl overflow-y-auto overscroll-contain rounded-2xl bg-card p-4 text-card-foreground shadow-2xl outline-none sm:p-5";

export function QuizOverlay({
  review,
  word,
  sentence,
  language,
  quiz: given,
  attempt,
  loading,
  onAnswer,
  onClose,
}: {
  /** A due word under review, with its dictionary form (shown when the line says it otherwise). */
  review?: { lemma: string };
  word: string;
  /** The line the word was said in. */
  sentence: string | null | undefined;
  /** The video's language, the word's and the line's `lang`. */
  language: string | undefined;
  quiz: Quiz | undefined;
  /** This opening of the quiz: the options' order follows from it. */
  attempt: string;
  loading: boolean;
  onAnswer: (correct: boolean) => void;
  /** Continue, Skip or Escape. */
  onClose: () => void;
}) {
  const t = useTranslations("player.quiz");
  const quiz = useMemo(() => given && shuffleQuiz(given, seededRandom(attempt)), [given, attempt]);
  const [picked, setPicked] = useState<number | null>(null);
  const [feedback, setFeedback] = useState(false);
  const overlayRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const options = quiz?.options ?? [];
  const available = !loading && options.length > 0;

  function pick(index: number) {
    if (picked !== null || !quiz) return;
    setPicked(index);
    setFeedback(true);
    const correct = index === quiz.correctIndex;
    if (correct) playTone();
    onAnswer(correct);
  }

  useEffect(() => {
    // The learner may have scrolled the player away (a transcript line far down): bring it back.
    overlayRef.current?.scrollIntoView({ block: "nearest" });
    cardRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (!feedback) return;
    const timer = setTimeout(() => setFeedback(false), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  useEffect(() => {
    if (picked !== null) continueRef.current?.focus();
  }, [picked]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
      } else if (event.key === "Enter" && (picked !== null || !available) && !loading) {
        event.preventDefault();
        onClose();
      } else if (/^[1-4]$/.test(event.key) && available) {
        const index = Number(event.key) - 1;
        if (index < options.length) pick(index);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const correct = picked !== null && quiz ? picked === quiz.correctIndex : null;
  return (
    <div ref={overlayRef} className={PLAYER_OVERLAY}>
      <div
        ref={cardRef}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={review ? "quiz-kind quiz-title" : "quiz-title"}
        aria-describedby={review ? "quiz-review-note" : undefined}
        className={PLAYER_OVERLAY_CARD}
        data-testid="quiz"
        data-quiz-kind={review ? "review" : "vocabulary"}
      >
        {review ? (
          <p className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span id="quiz-kind" className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold tracking-wide text-violet-900 uppercase dark:bg-violet-400/20 dark:text-violet-100">
              {t("reviewBadge")}
            </span>
            <span id="quiz-review-note" className="text-muted-foreground">
              {t("reviewNote")}
            </span>
          </p>
        ) : null}
        <p className="text-sm font-medium text-muted-foreground">{t("question")}</p>
        <h2 id="quiz-title" className="mt-0.5 text-2xl leading-tight font-bold" lang={language}>
          {word}
          {review && review.lemma !== word.toLocaleLowerCase() ? (
            <span className="ml-2 text-base font-medium text-muted-foreground">({review.lemma})</span>
          ) : null}
        </h2>
        {sentence ? <QuizSentence sentence={sentence} word={word} language={language} /> : null}
        {loading ? (
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 rounded-xl" />
            ))}
          </div>
        ) : !available ? (
          <p className="mt-3 text-muted-foreground">{t("notAvailable")}</p>
        ) : (
          <div className="mt-3 grid gap-2 sm:grid-cols-2" role="group" aria-label={t("options")}>
            {options.map((option, index) => {
              const isAnswer = !!quiz && index === quiz.correctIndex;
              const state = picked === null ? "idle" : index === picked ? (isAnswer ? "right" : "wrong") : isAnswer ? "answer" : "locked";
              return (
                <Button
                  key={`${index}-${option}`}
                  type="button"
                  variant="outline"
                  disabled={picked !== null && index !== picked}
                  aria-pressed={picked === index}
                  // Only once an option is picked: the page never tells the answer before.
                  data-correct={picked !== null && isAnswer ? "true" : undefined}
                  onClick={() => pick(index)}
                  className={cn(
                    "h-auto min-h-11 justify-start rounded-xl px-3 py-2.5 text-left text-base whitespace-normal",
                    (state === "right" || state === "answer") &&
                      "border-emerald-600 bg-emerald-50 text-emerald-900 disabled:opacity-100 dark:border-emerald-500 dark:bg-emerald-500/15 dark:text-emerald-200",
                    state === "wrong" && "border-red-600 bg-red-50 text-red-900 dark:border-red-500 dark:bg-red-500/15 dark:text-red-200",
                  )}
                >
                  <span className="mr-1 inline-grid size-6 shrink-0 place-items-center rounded-md bg-muted text-sm font-semibold text-muted-foreground">
                    {state === "right" || state === "answer" ? <Check className="size-4 text-emerald-700 dark:text-emerald-300" aria-hidden /> : state === "wrong" ? <X className="size-4 text-red-700 dark:text-red-300" aria-hidden /> : index + 1}
                  </span>
                  <span className="min-w-0 flex-1">{option}</span>
                  {state === "answer" ? <span className="shrink-0 text-xs font-semibold tracking-wide uppercase">{t("rightAnswer")}</span> : null}
                </Button>
              );
            })}
          </div>
        )}
        <div className="mt-3 flex min-h-10 flex-wrap items-center justify-between gap-2">
          <p role="status" className="font-semibold">
            {feedback && correct === true ? (
              <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
                <Check className="size-5" aria-hidden /> {t("correct")}
              </span>
            ) : feedback && correct === false ? (
              <span className="inline-flex items-center gap-1.5 text-red-700 dark:text-red-400">
                <X className="size-5" aria-hidden /> {t("tryAgain")}
              </span>
            ) : null}
          </p>
          {picked !== null || (!loading && !available) ? (
            <Button ref={continueRef} type="button" onClick={onClose}>
              {t("continue")}
            </Button>
          ) : (
            <span className="flex items-center gap-2 text-sm text-muted-foreground">
              <kbd className="hidden rounded border bg-muted px-1.5 py-0.5 font-mono text-xs sm:inline" aria-hidden>
                {t("escKey")}
              </kbd>
              <Button type="button" variant="ghost" onClick={onClose}>
                {t("skip")}
              </Button>
            </span>
          )}
        </div>
      </div>
    </div>
  );
}

/** The line the word was said in, the word marked in it. */
function QuizSentence({ sentence, word, language }: { sentence: string; word: string; language: string | undefined }) {
  const at = sentence.toLocaleLowerCase().indexOf(word.toLocaleLowerCase());
  return (
    <p className="mt-2 rounded-lg bg-muted px-3 py-2 text-sm leading-snug text-muted-foreground sm:text-base" lang={language} data-testid="quiz-sentence">
      {at < 0 ? (
        sentence
      ) : (
        <>
          {sentence.slice(0, at)}
          <mark className="rounded bg-amber-200 px-0.5 font-semibold text-amber-950 dark:bg-amber-400/30 dark:text-amber-100">{sentence.slice(at, at + word.length)}</mark>
          {sentence.slice(at + word.length)}
        </>
      )}
    </p>
  );
}
