"use client";
/**
 * The quiz at a pause point (SPEC §4 "Quiz flow"): pick an option (or press 1-4), the choice
 * locks, 'Correct!' (with a tone) or 'Try again' shows for 2 s, then Continue (or Enter) closes it.
 */
import { Check, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
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

export function QuizOverlay({
  word,
  quiz,
  loading,
  onAnswer,
  onClose,
}: {
  word: string;
  quiz: Quiz | undefined;
  loading: boolean;
  onAnswer: (correct: boolean) => void;
  onClose: () => void;
}) {
  const [picked, setPicked] = useState<number | null>(null);
  const [feedback, setFeedback] = useState(false);
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
    // On a phone the player is too short to hold the quiz: it covers the screen there instead.
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-gradient-to-t from-black/90 via-black/60 to-black/20 p-3 sm:absolute sm:z-20 sm:items-center sm:p-6">
      <div role="dialog" aria-modal="true" aria-labelledby="quiz-title" className="w-full max-w-lg rounded-2xl bg-card p-5 text-card-foreground shadow-2xl sm:p-6" data-testid="quiz">
        <p className="text-sm font-medium text-muted-foreground">What does this word mean?</p>
        <h2 id="quiz-title" className="mt-1 text-2xl font-bold">
          {word}
        </h2>
        {loading ? (
          <div className="mt-4 grid gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 rounded-xl" />
            ))}
          </div>
        ) : !available ? (
          <p className="mt-4 text-muted-foreground">Quiz not available</p>
        ) : (
          <div className="mt-4 grid gap-2" role="group" aria-label="Options">
            {options.map((option, index) => {
              const isAnswer = quiz && index === quiz.correctIndex;
              const state = picked === null ? "idle" : index === picked ? (isAnswer ? "right" : "wrong") : "locked";
              return (
                <Button
                  key={`${index}-${option}`}
                  type="button"
                  variant="outline"
                  disabled={picked !== null && index !== picked}
                  aria-pressed={picked === index}
                  onClick={() => pick(index)}
                  className={cn(
                    "h-auto min-h-12 justify-start rounded-xl px-4 py-3 text-left text-base whitespace-normal",
                    state === "right" && "border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-200",
                    state === "wrong" && "border-red-600 bg-red-50 text-red-900 dark:bg-red-500/15 dark:text-red-200",
                  )}
                >
                  <span className="mr-2 inline-grid size-6 shrink-0 place-items-center rounded-md bg-muted text-sm font-semibold text-muted-foreground">{index + 1}</span>
                  {option}
                </Button>
              );
            })}
          </div>
        )}
        <div className="mt-4 flex min-h-10 items-center justify-between gap-3">
          <p role="status" className="font-semibold">
            {feedback && correct === true ? (
              <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
                <Check className="size-5" aria-hidden /> Correct!
              </span>
            ) : feedback && correct === false ? (
              <span className="inline-flex items-center gap-1.5 text-red-700 dark:text-red-400">
                <X className="size-5" aria-hidden /> Try again
              </span>
            ) : null}
          </p>
          {picked !== null || (!loading && !available) ? (
            <Button ref={continueRef} type="button" onClick={onClose}>
              Continue
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
