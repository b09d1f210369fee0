/**
 * GET /api/videos/{id}/tokens: a video's words by line with the caller's statuses, each line's
 * count of unknown words (one makes an i+1 line), the video's score and its words to learn first.
 * A 2,000-line video has 20,000 words: the words, the same for every learner, are kept in memory as
 * JSON text cut at each word's status, so a call reads the statuses of the video's distinct lemmas
 * and joins cached strings, with no object per word and no JSON.stringify of them.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { getVideoById } from "@/db/queries/videos";
import { listVideoWords } from "@/db/queries/tokens";
import { getStatusesOfLemmas } from "@/db/queries/words/statuses";
import type { User, Video, WordStatus } from "@/db/schema";
import type { VideoTokens } from "@/lib/types/api";
import { isUnknownWord } from "@/lib/words/line-tokens";
import { mayView, videoNotFound } from "./videos";
import { comprehensionOf } from "@/lib/words/comprehension/rule";

/** How many of a video's words "Words to learn first" lists. */
export const WORDS_TO_LEARN_FIRST = 10;

const STATUSES = ["new", "learning", "known", "ignored"] as const satisfies readonly WordStatus[];
const STATUS_CODE = new Map<WordStatus, number>(STATUSES.map((s, i) => [s, i]));
/** A word's status as it closes the word's JSON object. */
const STATUS_TAIL = STATUSES.map((s) => `${s}"}`);
/** Whether a content word that is not a name counts as unknown with each status (the player's rule). */
const UNKNOWN = STATUSES.map((status) => isUnknownWord({ isContent: true, isProperNoun: false, status }));

/** A video's words, ready to be answered with any learner's statuses. */
type VideoWords = {
  version: number;
  /** The video's distinct lemmas. */
  lemmas: string[];
  /** Per word: the index of its lemma in `lemmas`. */
  lemmaOf: Int32Array;
  /** Per word: 1 when it is a content word and not a name (it counts towards the score and the unknown words). */
  counted: Uint8Array;
  /** Per word: its JSON up to its status's value (with the line's opening before its first word). */
  heads: string[];
  /** Per line: the index of its first word; one more entry, the number of words. */
  lineStarts: Int32Array;
  /** Per lemma: how many of its words count. */
  occurrences: Int32Array;
  /** Indexes of the lemmas that count, most frequent first, then by spelling. */
  byFrequency: Int32Array;
};

/** The video's words by video, while its updated_at stays: re-processing and caption edits change it. */
const cache = new Map<number, VideoWords>();
const CACHED_VIDEOS = 16;

/** Empties the cache of videos' words (the bench times a first read with it). */
export function forgetVideoWords(): void {
  cache.clear();
}

async function videoWords(db: DbOrTx, video: Video): Promise<VideoWords> {
  const version = new Date(video.updatedAt).getTime();
  const cached = cache.get(video.id);
  const entry = cached?.version === version ? cached : prepare(version, await listVideoWords(db, { videoId: video.id }));
  // Most recently used last: the first entry is the one to drop.
  cache.delete(video.id);
  cache.set(video.id, entry);
  if (cache.size > CACHED_VIDEOS) cache.delete(cache.keys().next().value!);
  return entry;
}

function prepare(version: number, words: Awaited<ReturnType<typeof listVideoWords>>): VideoWords {
  const index = new Map<string, number>();
  const lemmaOf = new Int32Array(words.length);
  const counted = new Uint8Array(words.length);
  const heads: string[] = [];
  const starts: number[] = [];
  const counts: number[] = [];
  let segment: number | undefined;
  words.forEach((word, i) => {
    let lemma = index.get(word.lemma);
    if (lemma === undefined) {
      lemma = index.size;
      index.set(word.lemma, lemma);
      counts.push(0);
    }
    lemmaOf[i] = lemma;
    if (isUnknownWord({ ...word, status: "new" })) {
      counted[i] = 1;
      counts[lemma]!++;
    }
    const { segmentIndex, ...fields } = word;
    const json = `${JSON.stringify(fields).slice(0, -1)},"status":"`;
    if (segment === segmentIndex) {
      heads.push(`,${json}`);
    } else {
      segment = segmentIndex;
      heads.push(`${starts.length ? "," : ""}{"segmentIndex":${segmentIndex},"words":[${json}`);
      starts.push(i);
    }
  });
  starts.push(words.length);
  const lemmas = [...index.keys()];
  const byFrequency = counts
    .map((_, i) => i)
    .filter((i) => counts[i]! > 0)
    .sort((a, b) => counts[b]! - counts[a]! || (lemmas[a]! < lemmas[b]! ? -1 : 1));
  return { version, lemmas, lemmaOf, counted, heads, lineStarts: Int32Array.from(starts), occurrences: Int32Array.from(counts), byFrequency: Int32Array.from(byFrequency) };
}

/** The answer of GET /api/videos/{id}/tokens (a VideoTokens) as JSON text. */
export async function getVideoTokensJson(db: DbOrTx, user: User, videoId: number): Promise<string> {
  const video = await getVideoById(db, { id: videoId });
  if (!video || !mayView(user, video.status)) throw videoNotFound();
  const language = video.targetLanguage;
  const words = await videoWords(db, video);
  const stored = await getStatusesOfLemmas(db, { userId: user.id, language, lemmas: words.lemmas });
  const status = new Uint8Array(words.lemmas.length);
  words.lemmas.forEach((lemma, i) => (status[i] = STATUS_CODE.get(stored.get(lemma) ?? "new")!));

  const comprehension = comprehensionOf(Array.from(words.occurrences, (occurrences, i) => ({ occurrences, status: STATUSES[status[i]!]! })));
  const wordsToLearnFirst: VideoTokens["wordsToLearnFirst"] = [];
  for (const i of words.byFrequency) {
    if (wordsToLearnFirst.length === WORDS_TO_LEARN_FIRST) break;
    if (status[i] === 0) wordsToLearnFirst.push({ lemma: words.lemmas[i]!, occurrences: words.occurrences[i]! });
  }
  const head: Omit<VideoTokens, "lines"> = { videoId, language, comprehension, wordsToLearnFirst };
  // Concatenation, not an array joined: V8 links the cached pieces without copying them.
  let json = `${JSON.stringify(head).slice(0, -1)},"lines":[`;
  const { heads, lemmaOf, counted, lineStarts } = words;
  for (let line = 0; line + 1 < lineStarts.length; line++) {
    let unknown = 0;
    for (let w = lineStarts[line]!; w < lineStarts[line + 1]!; w++) {
      const code = status[lemmaOf[w]!]!;
      if (counted[w] && UNKNOWN[code]) unknown++;
      json += heads[w]! + STATUS_TAIL[code]!;
    }
    json += `],"unknownWords":${unknown}}`;
  }
  return `${json}]}`;
}
