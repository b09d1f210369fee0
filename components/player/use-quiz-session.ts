"use client";
/**
 * The quizzes of one visit to a video: which quiz is open (a vocabulary word's, or a review of one
 * of the learner's due words said in the video), which were asked (each once a visit, SPEC §4),
 * the vocabulary answers given (for the end-of-video recap; reviews are not the video's), and the
 * rules of when the next one opens (lib/player/timing.ts: pacing from the learner's setting, a
 * review kept 20 s from other quizzes, catch-up only about the line shown or the one before it).
 * The schedule is built once per change of its inputs; `check` runs every frame over a few items.
 */
import { useMemo, useRef, useState } from "react";
import { captionForWord, quizPacing, quizToTrigger, type QuizWord } from "@/lib/player/timing";
import type { CaptionSegment, LearningPreferences, VideoReviewDto, VocabularyWord } from "@/lib/types/api";

export type QuizResult = { wordId: number; word: string; correct: boolean };

export type OpenQuiz = { kind: "vocabulary"; word: VocabularyWord } | { kind: "review"; review: VideoReviewDto };

/** A quiz of the schedule: vocabulary words keep their ids, reviews take negative ones. */
type Scheduled = QuizWord & { lineId: number | undefined; quiz: OpenQuiz };

const isReview = (item: QuizWord) => item.id < 0;
const lineOf = (item: QuizWord) => (item as Scheduled).lineId;

export function useQuizSession(
  vocabulary: VocabularyWord[] | undefined,
  lines: CaptionSegment[],
  preferences: LearningPreferences | undefined,
  reviews: VideoReviewDto[] | undefined,
) {
  const asked = useRef(new Set<number>());
  const lastQuiz = useRef<{ at: number; review: boolean } | null>(null);
  const [open, setOpen] = useState<Scheduled | null>(null);
  const [results, setResults] = useState<QuizResult[]>([]);

  const schedule = useMemo<Scheduled[]>(
    () => [
      // The line each word was said in: its caption, else the caption its time falls in.
      ...(vocabulary ?? []).map((w) => ({ ...w, lineId: w.captionId ?? captionForWord(lines, w.timestamp)?.id, quiz: { kind: "vocabulary", word: w } as const })),
      ...(reviews ?? []).map((r, i) => ({ id: -1 - i, timestamp: r.quizTime, lineId: r.captionId, quiz: { kind: "review", review: r } as const })),
    ],
    [vocabulary, reviews, lines],
  );
  const pacing = useMemo(() => quizPacing(preferences), [preferences]);

  /** The quiz that opens as time moves from `previousMs` to `nowMs`, or null. */
  function check(previousMs: number, nowMs: number): OpenQuiz | null {
    if (open || !vocabulary) return null;
    const hit = quizToTrigger(schedule, previousMs, nowMs, asked.current, {
      lines,
      lineOf,
      pacing,
      lastQuizAt: lastQuiz.current?.at,
      isReview,
      lastWasReview: lastQuiz.current?.review,
    });
    if (!hit) return null;
    asked.current.add(hit.word.id);
    lastQuiz.current = { at: nowMs, review: isReview(hit.word) };
    setOpen(hit.word);
    return hit.word.quiz;
  }

  function answered(correct: boolean) {
    if (open?.quiz.kind !== "vocabulary") return;
    const { id, word: text } = open.quiz.word;
    setResults((all) => [...all.filter((r) => r.wordId !== id), { wordId: id, word: text, correct }]);
  }

  return {
    /** The open quiz's vocabulary word (null while a review or nothing is open). */
    word: open?.quiz.kind === "vocabulary" ? open.quiz.word : null,
    /** The open review, if one is. */
    review: open?.quiz.kind === "review" ? open.quiz.review : null,
    results,
    check,
    answered,
    close: () => setOpen(null),
    lineOf: (w: VocabularyWord) => schedule.find((s) => s.id === w.id)?.lineId,
  };
}
