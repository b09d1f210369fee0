/**
 * Queries on the AI's cached word meanings (shared by every learner), the line a lookup is
 * about, the per-learner count of AI lookups that holds WORD_LOOKUP_AI_PER_HOUR, and the
 * instance's that holds WORD_LOOKUP_AI_SERVER_PER_HOUR and _PER_DAY.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../client";
import { resultRows } from "../../client";
import { lockUserWindow, type RateWindow } from "../rate-windows";
import { aiLookupSpend, captions, PUBLISHED_STATUSES, videos, wordLineMeanings, wordLookupAiCalls, wordMeanings } from "../../schema/index";

export type MeaningKey = { language: string; nativeLanguage: string; lemma: string; model: string; promptVersion: number };

/** A cached answer: its row, the model that gave it, the lemma's meanings and (when a line was asked about) the meaning there. */
export type CachedMeaning = { id: number; model: string; partOfSpeech: string | null; meanings: string[]; lineMeaning: string | null };

/** The key of a line in word_line_meanings: the SHA-256 of its text (UTF-8), in hex, as lineHash in lib/ computes it too. */
const captionLineHash = (captionId: number) =>
  sql`(select encode(sha256(convert_to(${captions.text}, 'UTF8')), 'hex') from ${captions} where ${captions.id} = ${captionId})`;

/** The cached answer of one (language, native language, lemma, model, prompt version). */
const isMeaning = (key: MeaningKey) =>
  and(
    eq(wordMeanings.language, key.language),
    eq(wordMeanings.nativeLanguage, key.nativeLanguage),
    eq(wordMeanings.lemma, key.lemma),
    eq(wordMeanings.model, key.model),
    eq(wordMeanings.promptVersion, key.promptVersion),
  );

/**
 * The cached meanings of a lemma, with its meaning in the caption's line when that is cached too
 * (the line's key is computed here from the caption, so this needs no earlier read of it).
 */
export async function findWordMeaning(db: DbOrTx, key: MeaningKey & { captionId: number | null }): Promise<CachedMeaning | null> {
  const [row] = await db
    .select({
      id: wordMeanings.id,
      model: wordMeanings.model,
      partOfSpeech: wordMeanings.partOfSpeech,
      meanings: wordMeanings.meanings,
      lineMeaning: wordLineMeanings.meaning,
    })
    .from(wordMeanings)
    .leftJoin(
      wordLineMeanings,
      and(eq(wordLineMeanings.meaningId, wordMeanings.id), eq(wordLineMeanings.lineHash, key.captionId === null ? sql`null` : captionLineHash(key.captionId))),
    )
    .where(isMeaning(key))
    .limit(1);
  return row ?? null;
}

/**
 * Stores an answer: the lemma's meanings unless another lookup stored them first (the first
 * answer stays, so everyone sees the same), and its meaning in the line. Returns the row's id.
 */
export async function saveWordMeaning(
  db: DbOrTx,
  row: MeaningKey & { partOfSpeech: string | null; meanings: string[]; line: { hash: string; meaning: string } | null },
): Promise<number> {
  const { line, ...meaning } = row;
  const [inserted] = await db.insert(wordMeanings).values(meaning).onConflictDoNothing().returning({ id: wordMeanings.id });
  let id = inserted?.id;
  if (id === undefined) {
    const [existing] = await db
      .select({ id: wordMeanings.id })
      .from(wordMeanings)
      .where(isMeaning(row));
    id = existing!.id;
  }
  if (line) await db.insert(wordLineMeanings).values({ meaningId: id, lineHash: line.hash, meaning: line.meaning }).onConflictDoNothing();
  return id;
}

/** A caption line with its video's language and status, and its translation into `nativeLanguage` (null without one), for a lookup about it. */
export async function getCaptionLine(db: DbOrTx, captionId: number, nativeLanguage: string) {
  const [row] = await db
    .select({
      text: captions.text,
      videoId: captions.videoId,
      language: videos.targetLanguage,
      status: videos.status,
      translation: sql<string | null>`(select st.translated_text from segment_translations st where st.caption_id = ${captions.id} and st.language = ${nativeLanguage} limit 1)`,
    })
    .from(captions)
    .innerJoin(videos, eq(videos.id, captions.videoId))
    .where(eq(captions.id, captionId))
    .limit(1);
  return row ?? null;
}

export type LookupWindow = RateWindow;

/**
 * The user's AI lookups in the last `seconds` (db/queries/rate-windows.ts); older rows are pruned.
 * Call inside a transaction, then `recordAiLookup` in the same one.
 */
export async function lockRecentAiLookups(db: DbOrTx, params: { userId: string; seconds: number }): Promise<LookupWindow> {
  const window = await lockUserWindow(db, wordLookupAiCalls, params);
  await db
    .delete(wordLookupAiCalls)
    .where(and(eq(wordLookupAiCalls.userId, params.userId), lt(wordLookupAiCalls.createdAt, sql`now() - make_interval(secs => ${params.seconds})`)));
  return window;
}

export async function recordAiLookup(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.insert(wordLookupAiCalls).values({ userId }).returning({ id: wordLookupAiCalls.id });
  return row!.id;
}

/** Takes back a lookup whose AI call failed: the learner got nothing for it. */
export async function deleteAiLookup(db: DbOrTx, id: number): Promise<void> {
  await db.delete(wordLookupAiCalls).where(eq(wordLookupAiCalls.id, id));
}

const DAY_SECONDS = 86_400;

/**
 * The instance's AI lookups in the last `hourSeconds` and the last day, counted under a lock on
 * the ledger that every count takes (on every app server), so two lookups at once cannot both take
 * the last place; rows older than a day are pruned. Call inside a transaction, then
 * `recordAiSpend` in the same one.
 */
export async function lockAiSpend(db: DbOrTx, hourSeconds = 3600): Promise<{ hour: RateWindow; day: RateWindow }> {
  await db.execute(sql`LOCK TABLE ${aiLookupSpend} IN EXCLUSIVE MODE`);
  await db.delete(aiLookupSpend).where(lt(aiLookupSpend.createdAt, sql`now() - make_interval(secs => ${DAY_SECONDS})`));
  const window = (seconds: number) => sql`${aiLookupSpend.createdAt} > now() - make_interval(secs => ${seconds})`;
  const [row] = resultRows<{ hour: number | string; hour_free: number | string | null; day: number | string; day_free: number | string | null }>(
    await db.execute(sql`
      select count(*) filter (where ${window(hourSeconds)}) as hour,
             extract(epoch from (min(${aiLookupSpend.createdAt}) filter (where ${window(hourSeconds)}) + make_interval(secs => ${hourSeconds}) - now())) as hour_free,
             count(*) as day,
             extract(epoch from (min(${aiLookupSpend.createdAt}) + make_interval(secs => ${DAY_SECONDS}) - now())) as day_free
        from ${aiLookupSpend}`),
  );
  const free = (value: number | string | null | undefined) => Math.max(0, Number(value ?? 0));
  return { hour: { count: Number(row?.hour ?? 0), freeInSeconds: free(row?.hour_free) }, day: { count: Number(row?.day ?? 0), freeInSeconds: free(row?.day_free) } };
}

export async function recordAiSpend(db: DbOrTx): Promise<number> {
  const [row] = await db.insert(aiLookupSpend).values({}).returning({ id: aiLookupSpend.id });
  return row!.id;
}

/** Takes back an instance-wide count whose AI call failed. */
export async function deleteAiSpend(db: DbOrTx, id: number): Promise<void> {
  await db.delete(aiLookupSpend).where(eq(aiLookupSpend.id, id));
}

/**
 * The cached common meanings of these lemmas (headword keys) from any model and prompt version,
 * the newest answer with meanings of each: a list of words shows what was once looked up and
 * never asks the AI itself.
 */
export async function findCachedMeanings(db: DbOrTx, params: { language: string; nativeLanguage: string; lemmas: readonly string[] }): Promise<Map<string, CachedMeaning>> {
  if (params.lemmas.length === 0) return new Map();
  const rows = resultRows<{ id: number | string; lemma: string; model: string; part_of_speech: string | null; meanings: string[] | string }>(
    await db.execute(sql`
      SELECT DISTINCT ON (m.lemma) m.id, m.lemma, m.model, m.part_of_speech, m.meanings
        FROM json_array_elements_text(${JSON.stringify(params.lemmas)}::json) AS l(lemma)
        JOIN word_meanings m ON m.language = ${params.language} AND m.native_language = ${params.nativeLanguage} AND m.lemma = l.lemma
       WHERE jsonb_array_length(m.meanings) > 0
       ORDER BY m.lemma, m.created_at DESC, m.id DESC`),
  );
  return new Map(
    rows.map((r) => [
      r.lemma,
      { id: Number(r.id), model: r.model, partOfSpeech: r.part_of_speech, meanings: typeof r.meanings === "string" ? (JSON.parse(r.meanings) as string[]) : r.meanings, lineMeaning: null },
    ]),
  );
}

const published = sql.raw(`(${PUBLISHED_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/**
 * What processing made of each lemma in `nativeLanguage`: a published video's vocabulary word with
 * that lemma (found through video_lemmas' lemma index, then the word's line), its translation, or
 * else its quiz's right answer. A word in several videos takes the oldest word's.
 */
export async function listVocabularyTranslations(db: DbOrTx, params: { language: string; nativeLanguage: string; lemmas: readonly string[] }): Promise<Map<string, string>> {
  if (!params.lemmas.length) return new Map();
  const rows = resultRows<{ lemma: string; translation: string }>(
    await db.execute(sql`
      SELECT DISTINCT ON (t.lemma) t.lemma, coalesce(wt.translation, q.options ->> q.correct_index) AS translation
        FROM json_array_elements_text(${JSON.stringify(params.lemmas)}::json) AS l(lemma)
        JOIN video_lemmas vl ON vl.lemma = l.lemma
        JOIN videos v ON v.id = vl.video_id AND v.target_language = ${params.language} AND v.status IN ${published}
        JOIN words w ON w.video_id = vl.video_id
        JOIN video_tokens t ON t.caption_id = w.caption_id AND t.lemma = vl.lemma AND lower(t.surface) = lower(w.word)
        LEFT JOIN word_translations wt ON wt.word_id = w.id AND wt.language = ${params.nativeLanguage}
        LEFT JOIN quizzes q ON q.word_id = w.id AND q.native_language = ${params.nativeLanguage}
       WHERE coalesce(wt.translation, q.options ->> q.correct_index) IS NOT NULL
       ORDER BY t.lemma, w.id`),
  );
  return new Map(rows.map((r) => [r.lemma, r.translation]));
}
