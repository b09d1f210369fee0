"use client";
/**
 * The quizzes of one visit to a video: which quiz is open (a vocabulary word's, or a review of one
 * of the learner's due words said in the video), which were asked (each once a visit, SPEC §4),
 * the vocabulary answers given (for the end-of-video recap; reviews are not the video's), and the
 * rules of when the next one opens (lib/player/timing.ts: pacing from the learner's setting,
 * catch-up only about the line shown or the one before it). Reviews come where the server placed
 * them, and a vocabulary quiz whose place a review takes is not asked this visit.
 * Each time a quiz opens is one attempt, with its own key: the answer is sent with it, so a resent
 * answer counts once and an answer in a later attempt counts again (lib/services/progress.ts).
 * The schedule is built once per change of its inputs; `check` runs every frame over a few items.
 */
import { useMemo, useRef, useState } from "react";
import { newIdempotencyKey } from "@/lib/data/idempotency-key";
import { quizSchedule, type ScheduledQuiz } from "@/lib/words/cards/placement";
import { quizPacing, quizToTrigger, type QuizWord } from "@/lib/player/timing";
import type { CaptionSegment, LearningPreferences, VideoReviewDto, VocabularyWord } from "@/lib/types/api";

export type QuizResult = { wordId: number; word: string; correct: boolean };

export type OpenQuiz = ScheduledQuiz<VocabularyWord, VideoReviewDto>["quiz"];

type Scheduled = ScheduledQuiz<VocabularyWord, VideoReviewDto>;

const isReview = (item: QuizWord) => item.id < 0;
const lineOf = (item: QuizWord) => (item as Scheduled).lineId;

export type QuizSession = ReturnType<typeof useQuizSession>;

export function useQuizSession(
  vocabulary: VocabularyWord[] | undefined,
  lines: CaptionSegment[],
  preferences: LearningPreferences | undefined,
  reviews: VideoReviewDto[] | undefined,
) {
  const asked = useRef(new Set<number>());
  const lastQuiz = useRef<number | null>(null);
  const [open, setOpen] = useState<(Scheduled & { attempt: string }) | null>(null);
  const [results, setResults] = useState<QuizResult[]>([]);

  const schedule = useMemo(() => quizSchedule(vocabulary ?? [], reviews ?? [], lines), [vocabulary, reviews, lines]);
  const pacing = useMemo(() => quizPacing(preferences), [preferences]);

  /** The quiz that opens as time moves from `previousMs` to `nowMs`, or null. */
  function check(previousMs: number, nowMs: number): OpenQuiz | null {
    if (open || !vocabulary) return null;
    const hit = quizToTrigger(schedule, previousMs, nowMs, asked.current, { lines, lineOf, pacing, lastQuizAt: lastQuiz.current, isReview });
    if (!hit) return null;
    asked.current.add(hit.word.id);
    lastQuiz.current = nowMs;
    setOpen({ ...hit.word, attempt: newIdempotencyKey() });
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
    /** The open quiz's attempt: its answer's idempotency key, and what the options are shuffled by. */
    attempt: open?.attempt ?? null,
    results,
    check,
    answered,
    close: () => setOpen(null),
    lineOf: (w: VocabularyWord) => schedule.find((s) => s.id === w.id)?.lineId,
  };
}
