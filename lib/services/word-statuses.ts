/**
 * A learner's word statuses: set by the learner (PUT /api/words/status) and by quiz answers, and
 * read against a video's words (its tokens with statuses, i+1 lines, words to learn first).
 * Statuses are the learner's own: every read and write is keyed by the caller's id.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { listLanguageCodes } from "@/db/queries/languages";
import { getVideoById } from "@/db/queries/videos";
import { listVideoWords, type StoredToken } from "@/db/queries/tokens";
import { getStatusesOfLemmas, getVocabularyWordLemma, getWordStatus, setWordStatus } from "@/db/queries/word-statuses";
import type { User, Video, WordStatus } from "@/db/schema";
import { badRequest } from "@/lib/api/errors";
import { lemmaKey } from "@/lib/text/word-key";
import { isUnknownWord } from "@/lib/words/line-tokens";
import type { LineWordDto, VideoTokens, WordStatusSaved } from "@/lib/types/api";
import type { WordStatusBody } from "@/lib/validation/words";
import { mayView, videoNotFound } from "./videos";
import { addWordCard } from "./word-cards";

/** How many of a video's words "Words to learn first" lists. */
export const WORDS_TO_LEARN_FIRST = 10;

export async function saveWordStatus(db: DbOrTx, user: User, body: WordStatusBody): Promise<WordStatusSaved> {
  if (!(await listLanguageCodes(db)).includes(body.language)) throw badRequest(`language: no language has the code "${body.language}"`);
  const lemma = lemmaKey(body.lemma, body.language);
  if (!lemma) throw badRequest("lemma must contain a letter or a digit");
  const updatedAt = await setWordStatus(db, { userId: user.id, language: body.language, lemma, status: body.status });
  // Saving a word is asking to be reminded of it: it gets a card, due at once.
  if (body.status === "learning") await addWordCard(db, { userId: user.id, language: body.language, lemma });
  return { language: body.language, lemma, status: body.status, updatedAt: updatedAt.toISOString() };
}

/**
 * A word's status after a counted quiz answer. One right answer out of four options shows the
 * word is recognised, not known (a guess is right one time in four): a right answer moves a word
 * one step, new → learning → known; a wrong one makes it learning (a known word was forgotten).
 * An ignored word stays ignored: the learner chose that, and a quiz does not undo it.
 */
export function statusAfterAnswer(before: WordStatus, correct: boolean): WordStatus {
  if (before === "ignored") return before;
  if (!correct) return "learning";
  return before === "new" ? "learning" : "known";
}

/** Applies a counted quiz answer to the status of the vocabulary word's lemma; run it in the answer's transaction. */
export async function applyAnswerToStatus(tx: DbOrTx, userId: string, wordId: number, correct: boolean): Promise<void> {
  const word = await getVocabularyWordLemma(tx, { wordId });
  if (!word) return;
  const lemma = word.lemma ?? lemmaKey(word.word, word.language);
  if (!lemma) return;
  const key = { userId, language: word.language, lemma };
  const before = (await getWordStatus(tx, key)) ?? "new";
  const after = statusAfterAnswer(before, correct);
  if (after !== before) await setWordStatus(tx, { ...key, status: after });
}

/**
 * The share of the words the learner knows, 0–100 (floor): of content words, names left out,
 * known ones count 1, learning ones 1/2, ignored ones are left out; 100 when all are ignored,
 * null without words. The rule of db/queries/word-statuses.ts comprehensionOfVideos.
 */
export function comprehensionOf(words: readonly { isContent: boolean; isProperNoun: boolean; status: WordStatus }[]): number | null {
  let halves = 0;
  let counted = 0;
  let scored = 0;
  for (const w of words) {
    if (!w.isContent || w.isProperNoun) continue;
    scored++;
    if (w.status === "ignored") continue;
    counted++;
    halves += w.status === "known" ? 2 : w.status === "learning" ? 1 : 0;
  }
  if (!scored) return null;
  return counted > 0 ? Math.floor((halves * 50) / counted) : 100;
}

/** The video's words (the same for every learner), by video, while its updated_at stays: re-processing changes it. */
const wordsCache = new Map<number, { version: number; words: StoredToken[]; lemmas: string[] }>();
const WORDS_CACHE_VIDEOS = 16;

/** Empties the cache of videos' words (the bench times a first read with it). */
export function forgetVideoWords(): void {
  wordsCache.clear();
}

async function videoWords(db: DbOrTx, video: Video) {
  const version = new Date(video.updatedAt).getTime();
  const cached = wordsCache.get(video.id);
  if (cached?.version === version) {
    // Most recently used last: the first entry is the one to drop.
    wordsCache.delete(video.id);
    wordsCache.set(video.id, cached);
    return cached;
  }
  const words = await listVideoWords(db, { videoId: video.id });
  const entry = { version, words, lemmas: [...new Set(words.map((w) => w.lemma))] };
  wordsCache.delete(video.id);
  wordsCache.set(video.id, entry);
  if (wordsCache.size > WORDS_CACHE_VIDEOS) wordsCache.delete(wordsCache.keys().next().value!);
  return entry;
}

/**
 * GET /api/videos/{id}/tokens: the video's words by caption with the caller's statuses, how many
 * unknown words each line has (exactly one: an i+1 line), the video's score, and its most frequent
 * words the caller has not marked ("Words to learn first").
 */
export async function getVideoTokens(db: DbOrTx, user: User, videoId: number): Promise<VideoTokens> {
  const video = await getVideoById(db, { id: videoId });
  if (!video || !mayView(user, video.status)) throw videoNotFound();
  const language = video.targetLanguage;
  const { words, lemmas } = await videoWords(db, video);
  const statuses = await getStatusesOfLemmas(db, { userId: user.id, language, lemmas });
  const lines: VideoTokens["lines"] = [];
  const all: LineWordDto[] = [];
  const unmarked = new Map<string, number>();
  let line: VideoTokens["lines"][number] | undefined;
  for (const word of words) {
    if (line?.segmentIndex !== word.segmentIndex) lines.push((line = { segmentIndex: word.segmentIndex, unknownWords: 0, words: [] }));
    const status: WordStatus = statuses.get(word.lemma) ?? "new";
    // Written out rather than spread: twenty thousand words per call.
    const dto: LineWordDto = {
      position: word.position,
      start: word.start,
      end: word.end,
      surface: word.surface,
      lemma: word.lemma,
      partOfSpeech: word.partOfSpeech,
      isContent: word.isContent,
      isProperNoun: word.isProperNoun,
      status,
    };
    line.words.push(dto);
    all.push(dto);
    if (isUnknownWord(dto)) line.unknownWords++;
    if (status === "new" && word.isContent && !word.isProperNoun) unmarked.set(word.lemma, (unmarked.get(word.lemma) ?? 0) + 1);
  }
  const wordsToLearnFirst = [...unmarked]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, WORDS_TO_LEARN_FIRST)
    .map(([lemma, occurrences]) => ({ lemma, occurrences }));
  return { videoId, language, lines, comprehension: comprehensionOf(all), wordsToLearnFirst };
}
