/**
 * Home is built around the language the learner studies: its rows lead with one language (the
 * target language unless the learner picks another), and offer the others when it has none.
 * These rules are shared by the home screen and the server's page data, so both ask for the
 * same lists under the same query keys.
 */
import type { ListFilters } from "@/lib/data/keys";
import type { VideoLanguageCount } from "@/lib/types/api";

type Learner = { nativeLanguage: string | null; targetLanguage: string | null };

/** The filters of home's lists: the category, the learner's own language left out, led by `language` (default: the target language). */
export function homeFilters(user: Learner, categoryId: number | undefined, language: string | undefined): ListFilters {
  return { categoryId, nativeLanguage: user.nativeLanguage ?? undefined, language: language ?? user.targetLanguage ?? undefined };
}

/** The filters the per-language counts are taken with: the lists' own, whatever language leads. */
export function languageCountFilters(filters: ListFilters): Omit<ListFilters, "language"> {
  return { categoryId: filters.categoryId, nativeLanguage: filters.nativeLanguage };
}

/** A row's videos split in two, each in the order given: those in `language`, then the rest. */
export function splitByLanguage<T extends { targetLanguage: string }>(videos: readonly T[], language: string | undefined): { lead: T[]; others: T[] } {
  const lead: T[] = [];
  const others: T[] = [];
  for (const video of videos) (language !== undefined && video.targetLanguage === language ? lead : others).push(video);
  return { lead, others };
}

// Names compared by code point, not localeCompare: the server's English names need no collation,
// and the browser's first Intl.Collator loads ICU's data while home hydrates.
const byCountThenName = (a: VideoLanguageCount, b: VideoLanguageCount) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The languages other than `language` that have videos, the most videos first: what an empty row offers. */
export function otherLanguages(counts: readonly VideoLanguageCount[], language: string | undefined): VideoLanguageCount[] {
  return counts.filter((c) => c.code !== language && c.count > 0).sort(byCountThenName);
}

/**
 * The language choices home shows: the target language first (even with no videos: that is the
 * news), then the one being shown if it is another, then every other language that has videos,
 * the most videos first.
 */
export function languageChoices(counts: readonly VideoLanguageCount[], target: string | null, shown: string | undefined): VideoLanguageCount[] {
  const pinned = [target, shown].filter((code, i, all): code is string => !!code && all.indexOf(code) === i);
  const first = pinned.flatMap((code) => counts.find((c) => c.code === code) ?? []);
  return [...first, ...counts.filter((c) => !pinned.includes(c.code) && c.count > 0).sort(byCountThenName)];
}
