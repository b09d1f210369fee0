/**
 * The sums behind how much of each video a learner knows (the rule and its weights:
 * lib/words/comprehension/rule.ts, which gives them to these queries).
 *
 * The sums are kept per learner and video (video_comprehension): made from video_lemmas and the
 * learner's statuses on the first read, then moved by each status change, so a page of cards is a
 * primary-key read however many statuses the learner has. Both paths hold the learner's lock, so a
 * status change can never fall between a row being counted and being stored.
 */
import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { resultRows, type DbOrTx, type Tx } from "../../client";
import { prepared } from "../../prepared";
import { videoComprehension, videos, type WordStatus } from "../../schema/index";

/** What each status is worth: halves of a word known, and whether it counts at all (the caller's rule). */
export type StatusWeights = { readonly halves: Readonly<Record<WordStatus, number>>; readonly counted: Readonly<Record<WordStatus, number>> };

/** The advisory lock's class for a learner's scores (the two-key form, apart from one-key locks others take). */
const SCORES_LOCK = 2_213;

/** Holds the learner's scores until the transaction ends. */
export async function lockLearnerScores(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SCORES_LOCK}, hashtext(${userId}))`);
}

/** Moves the learner's kept sums of every video holding the lemma, for a status going from `before` to `after`. */
export async function moveComprehension(tx: Tx, key: { userId: string; language: string; lemma: string }, weights: StatusWeights, before: WordStatus, after: WordStatus): Promise<void> {
  const halves = weights.halves[after] - weights.halves[before];
  const counted = weights.counted[after] - weights.counted[before];
  if (!halves && !counted) return;
  await tx.execute(sql`
    UPDATE video_comprehension c
       SET known_halves = c.known_halves + l.occurrences * ${halves}, counted = c.counted + l.occurrences * ${counted}
      FROM video_lemmas l
     WHERE c.user_id = ${key.userId} AND c.language = ${key.language} AND l.video_id = c.video_id AND l.lemma = ${key.lemma}`);
}

type ScoreRow = { video_id: number; lemmas: number; known_halves: number; counted: number };

/** A video's sums for a learner: its distinct lemmas, the occurrences' halves known, the occurrences counted. */
export type KeptSums = { lemmas: number; knownHalves: number; counted: number };

const sumsOf = (r: Omit<ScoreRow, "video_id">): KeptSums => ({ lemmas: Number(r.lemmas), knownHalves: Number(r.known_halves), counted: Number(r.counted) });

/** A status table as SQL over `s.status` (no row is new): the constants of one table, no input. */
const weightOf = (table: Readonly<Record<WordStatus, number>>) =>
  sql.raw(`CASE coalesce(s.status, 'new') ${Object.entries(table).map(([status, weight]) => `WHEN '${status}' THEN ${Number(weight)}`).join(" ")} END`);

/**
 * The learner's kept sums for the card's video (`videos` in the outer query), null when none are
 * kept for the video as it is now: read with the cards themselves, so a page of cards whose scores
 * are all kept is one query.
 */
export function keptSumsSql(userId: string | Placeholder): SQL<KeptSums | null> {
  return sql<KeptSums | null>`(select json_build_object('lemmas', vc.lemmas, 'knownHalves', vc.known_halves, 'counted', vc.counted) from ${videoComprehension} vc
    where vc.user_id = ${userId} and vc.video_id = ${videos.id} and vc.language = ${videos.targetLanguage} and vc.video_updated_at = ${videos.updatedAt})`;
}

/** Sums of cards read with keptSumsSql: theirs where kept, counted (and kept) for the others; none for an unknown video. */
export async function sumsOfCards(db: DbOrTx, userId: string, weights: StatusWeights, cards: readonly { id: number; keptSums: KeptSums | null }[]): Promise<Map<number, KeptSums>> {
  const sums = new Map<number, KeptSums>();
  const missing: number[] = [];
  for (const card of cards) {
    if (card.keptSums) sums.set(card.id, card.keptSums);
    else missing.push(card.id);
  }
  if (missing.length) for (const r of await countVideos(db, userId, weights, missing)) sums.set(Number(r.video_id), sumsOf(r));
  return sums;
}

/** A list of video ids as one text parameter, so any number of them is one statement (and one prepared query). */
const idsParam = (ids: readonly number[]) => ids.join(",");

/** Sums of these videos for the learner (none for an unknown video). Missing or stale rows are made. */
export async function comprehensionSumsOfVideos(db: DbOrTx, params: { userId: string; videoIds: readonly number[]; weights: StatusWeights }): Promise<Map<number, KeptSums>> {
  if (!params.videoIds.length) return new Map();
  // Every card list asks this: a prepared query, the ids one text parameter (any number of them, one statement).
  const query = prepared(db, "kept_comprehension", (db, name) =>
    db
      .select({ id: videoComprehension.videoId, lemmas: videoComprehension.lemmas, knownHalves: videoComprehension.knownHalves, counted: videoComprehension.counted })
      .from(videoComprehension)
      .innerJoin(
        videos,
        and(eq(videos.id, videoComprehension.videoId), eq(videos.targetLanguage, videoComprehension.language), eq(videos.updatedAt, videoComprehension.videoUpdatedAt)),
      )
      .where(and(eq(videoComprehension.userId, sql.placeholder("userId")), sql`${videoComprehension.videoId} = any(string_to_array(${sql.placeholder("ids")}, ',')::int[])`))
      .prepare(name),
  );
  const kept = new Map<number, KeptSums>();
  for (const { id, ...sums } of await query.execute({ userId: params.userId, ids: idsParam(params.videoIds) })) kept.set(id, sums);
  const cards = params.videoIds.map((id) => ({ id, keptSums: kept.get(id) ?? null }));
  return sumsOfCards(db, params.userId, params.weights, cards);
}

/** Counts the videos' sums from their lemmas and the learner's statuses, and keeps them. */
async function countVideos(db: DbOrTx, userId: string, weights: StatusWeights, videoIds: readonly number[]): Promise<ScoreRow[]> {
  return db.transaction(async (tx) => {
    await lockLearnerScores(tx, userId);
    return resultRows<ScoreRow>(
      await tx.execute(sql`
        INSERT INTO video_comprehension (user_id, video_id, language, video_updated_at, lemmas, known_halves, counted)
        SELECT ${userId}, v.id, v.target_language, v.updated_at, count(l.lemma)::int,
               coalesce(sum(l.occurrences * ${weightOf(weights.halves)}), 0)::int,
               coalesce(sum(l.occurrences * ${weightOf(weights.counted)}), 0)::int
          FROM videos v
          LEFT JOIN video_lemmas l ON l.video_id = v.id
          LEFT JOIN word_statuses s ON s.user_id = ${userId} AND s.language = v.target_language AND s.lemma = l.lemma
         WHERE v.id = any(string_to_array(${idsParam(videoIds)}, ',')::int[])
         GROUP BY v.id
        ON CONFLICT (user_id, video_id) DO UPDATE
           SET language = excluded.language, video_updated_at = excluded.video_updated_at, lemmas = excluded.lemmas,
               known_halves = excluded.known_halves, counted = excluded.counted
        RETURNING video_id, lemmas, known_halves, counted`),
    );
  });
}
