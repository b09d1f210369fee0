/**
 * The learner's due words quizzed inside the video they watch: their due cards whose lemma is said
 * in it (not its own vocabulary words, whose quiz already answers their card), each at the end of
 * a line it is said in, an extra quiz or in the place of a vocabulary quiz close to it
 * (lib/words/cards/placement.ts), with options in the learner's language: the word's meaning
 * and three meanings of other words of its part of speech.
 *
 * The meaning is one already known, chosen as the word popover chooses it (lib/words/meanings/choose.ts:
 * the learner's note, an imported dictionary's first definition, the AI's cached meaning), else
 * a translation of a vocabulary word with that lemma. A word with none is left out rather than
 * looked up: this read comes with every visit to a video, and an AI call here would spend the
 * learner's hourly look-ups without their asking.
 */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { findLemmaLines, type LemmaLine } from "@/db/queries/words/lemma-lines";
import { getVideoById } from "@/db/queries/videos";
import { listMeaningsOfPartOfSpeech, listVideoLemmaKeys, listVocabularyQuizzes } from "@/db/queries/words/in-video";
import { listDueWordCardsOfLemmas } from "@/db/queries/words/cards";
import type { PartOfSpeech, User } from "@/db/schema";
import { placeReviews, type ReviewCandidate } from "@/lib/words/cards/placement";
import { quizPacing, quizTriggerTime } from "@/lib/player/timing";
import { buildQuiz, QUIZ_OPTIONS } from "@/lib/quiz/build";
import { lemmaKey } from "@/lib/words/key";
import type { VideoDueReviews, VideoReviewDto } from "@/lib/types/api";
import { mayView, videoNotFound } from "@/lib/services/videos";
import { chooseMeanings, type ChosenMeaning } from "@/lib/words/meanings/choose";

/** The most overdue words looked at for one video: enough to fill its reviews when some have no meaning or no room. */
const CANDIDATES_MAX = 30;
/** Other words' meanings read for a part of speech's distractors. */
const DISTRACTOR_POOL = 40;

/** A meaning as an option: the first sense of a note or a definition, without the notes after it. */
function optionOf(meaning: ChosenMeaning | null): string | undefined {
  if (!meaning) return undefined;
  const text = meaning.source === "dictionary" ? meaning.hits[0]!.definition : meaning.source === "ai" ? meaning.cached.meanings[0]! : meaning.text;
  return text.split(/[;\n]/)[0]!.trim() || undefined;
}

async function meaningsOf(db: DbOrTx, user: User, language: string, lemmas: readonly string[]): Promise<Map<string, string>> {
  const chosen = await chooseMeanings(
    db,
    lemmas.map((lemma) => ({ language, lemma })),
    { userId: user.id, nativeLanguage: user.nativeLanguage ?? "en", definitions: 1, ai: "any" },
  );
  return new Map(
    lemmas.flatMap((lemma, i) => {
      const text = optionOf(chosen[i]!);
      return text ? [[lemma, text] as const] : [];
    }),
  );
}

/**
 * Distractors: meanings of words of the same part of speech; when fewer than three are known,
 * every one of them, topped up with other words' meanings (this video's first).
 */
function distractors(meaning: string, samePart: readonly string[], others: readonly string[]): string[] {
  const key = (text: string) => text.trim().toLocaleLowerCase();
  const seen = new Set([key(meaning)]);
  const distinct = (list: readonly string[]) => list.filter((text) => text.trim() && !seen.has(key(text)) && seen.add(key(text)));
  const same = distinct(samePart);
  return same.length >= QUIZ_OPTIONS - 1 ? same : [...same, ...distinct(others).slice(0, QUIZ_OPTIONS - 1 - same.length)];
}

/** GET /api/videos/{id}/due-reviews: the caller's due words this video quizzes, in time order. */
export async function getVideoDueReviews(db: DbOrTx, user: User, videoId: number, now = new Date()): Promise<VideoDueReviews> {
  const video = await getVideoById(db, { id: videoId });
  if (!video || !mayView(user, video.status)) throw videoNotFound();
  const pacing = quizPacing(user);
  if (pacing.mode === "off") return { reviews: [] };
  const language = video.targetLanguage;
  const nativeLanguage = user.nativeLanguage ?? "en";
  const [lemmas, vocabulary] = await Promise.all([listVideoLemmaKeys(db, { videoId }), listVocabularyQuizzes(db, { videoId })]);
  const own = new Set(vocabulary.map((v) => v.lemma ?? lemmaKey(v.word, language)));
  const due = await listDueWordCardsOfLemmas(db, { userId: user.id, language, lemmas: lemmas.filter((l) => !own.has(l)), now });
  if (!due.length) return { reviews: [] };

  const cards = due.slice(0, CANDIDATES_MAX);
  const [occurrences, meanings] = await Promise.all([
    findLemmaLines(db, { lemmas: cards, nativeLanguage, publishedOnly: false, videos: 1, videoId, pick: "all" }),
    meaningsOf(
      db,
      user,
      language,
      cards.map((c) => c.lemma),
    ),
  ]);
  const vocabularyLines = new Set(vocabulary.map((v) => v.captionId));
  const byLemma = new Map<string, LemmaLine[]>();
  for (const o of occurrences) {
    const said = byLemma.get(o.lemma);
    if (said) said.push(o);
    else byLemma.set(o.lemma, [o]);
  }
  const candidates: ReviewCandidate[] = cards.flatMap((card) => {
    const said = byLemma.get(card.lemma);
    if (!said || !meanings.has(card.lemma)) return [];
    const lines = new Map(said.map((o) => [o.captionId, { captionId: o.captionId, endTime: o.endMs, hasVocabulary: vocabularyLines.has(o.captionId) }]));
    return [{ lemma: card.lemma, lines: [...lines.values()] }];
  });
  const placed = placeReviews(
    candidates,
    vocabulary.map((v) => ({ id: v.id, at: quizTriggerTime({ id: v.id, timestamp: v.timestamp, quizTime: v.quizTime }) })),
    pacing,
  );

  const dueOf = new Map(cards.map((c) => [c.lemma, c.due]));
  const occurrenceOf = (lemma: string, captionId: number) => byLemma.get(lemma)!.find((o) => o.captionId === captionId)!;
  const parts = [...new Set(placed.map((p) => occurrenceOf(p.lemma, p.line.captionId).partOfSpeech))];
  const pools = new Map<PartOfSpeech | null, string[]>(
    await Promise.all(
      [...new Set<PartOfSpeech | null>([...parts, null])].map(
        async (part) => [part, await listMeaningsOfPartOfSpeech(db, { videoId, language, nativeLanguage, partOfSpeech: part, limit: DISTRACTOR_POOL })] as const,
      ),
    ),
  );

  const reviews = placed.flatMap((p): VideoReviewDto[] => {
    const said = occurrenceOf(p.lemma, p.line.captionId);
    const meaning = meanings.get(p.lemma)!;
    const seed = `${language}:${p.lemma}:${nativeLanguage}`;
    const quiz = buildQuiz(seed, meaning, distractors(meaning, said.partOfSpeech ? (pools.get(said.partOfSpeech) ?? []) : [], pools.get(null) ?? []));
    if (!quiz || quiz.options.length !== QUIZ_OPTIONS) return [];
    return [
      {
        language,
        lemma: p.lemma,
        surface: said.surface,
        partOfSpeech: said.partOfSpeech,
        captionId: p.line.captionId,
        quizTime: p.quizTime,
        replacesWordId: p.replaces,
        due: dueOf.get(p.lemma)!.toISOString(),
        options: quiz.options,
        correctIndex: quiz.correctIndex,
      },
    ];
  });
  return { reviews };
}
