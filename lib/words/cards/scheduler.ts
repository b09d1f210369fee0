/**
 * The FSRS scheduler (ts-fsrs), built once, and the translation between its Card and the stored
 * columns of word_cards. Every schedule in the product comes from here, so the review screen, a
 * video's quizzes and the tests agree on what an answer does to a card.
 */
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade, type ReviewLog } from "ts-fsrs";
import type { WordCardRow } from "@/db/schema";

/** Anki's defaults: 90 % retention, fuzzed intervals (cards answered together spread out), learning steps 1 and 10 minutes. */
export const scheduler = fsrs(generatorParameters({ request_retention: 0.9, maximum_interval: 36500, enable_fuzz: true, enable_short_term: true }));

export const GRADES = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy } as const;
export type GradeName = keyof typeof GRADES;
export const GRADE_NAMES = Object.keys(GRADES) as GradeName[];

/** A card's schedule as word_cards stores it. */
export type CardColumns = Pick<
  WordCardRow,
  "due" | "stability" | "difficulty" | "elapsedDays" | "scheduledDays" | "learningSteps" | "reps" | "lapses" | "state" | "lastReview"
>;

export function newCardColumns(now: Date): CardColumns {
  return toColumns(createEmptyCard(now));
}

export function toCard(c: CardColumns): Card {
  return {
    due: c.due,
    stability: c.stability,
    difficulty: c.difficulty,
    elapsed_days: c.elapsedDays,
    scheduled_days: c.scheduledDays,
    learning_steps: c.learningSteps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    last_review: c.lastReview ?? undefined,
  };
}

export function toColumns(card: Card): CardColumns {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** The card after an answer with this grade at `now`, and ts-fsrs's log of it. */
export function nextSchedule(c: CardColumns, grade: Grade, now: Date): { card: CardColumns; log: ReviewLog } {
  const { card, log } = scheduler.next(toCard(c), now, grade);
  return { card: toColumns(card), log };
}

/** When the card would next be due after each grade: shown on the grade buttons. */
export function previewDue(c: CardColumns, now: Date): Record<GradeName, Date> {
  const preview = scheduler.repeat(toCard(c), now);
  return {
    again: preview[Rating.Again].card.due,
    hard: preview[Rating.Hard].card.due,
    good: preview[Rating.Good].card.due,
    easy: preview[Rating.Easy].card.due,
  };
}

/** A card counts as due (its answers are FSRS reviews) from its due time on. */
export function isDue(c: Pick<CardColumns, "due">, now: Date): boolean {
  return c.due.getTime() <= now.getTime();
}
