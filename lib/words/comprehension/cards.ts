/** The comprehension score on video cards: read with the cards, counted only for those not yet kept. */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { comprehensionSumsOfVideos, sumsOfCards } from "@/db/queries/words/comprehension";
import type { VideoCardRow } from "@/db/queries/videos";
import type { User } from "@/db/schema";
import { toVideoCard } from "@/lib/services/serialize";
import type { VideoCard } from "@/lib/types/api";
import { COMPREHENSION_WEIGHTS, scoreOfSums } from "./rule";

export async function withComprehension(db: DbOrTx, user: Pick<User, "id">, rows: VideoCardRow[]): Promise<VideoCard[]> {
  if (!rows.length) return [];
  const sums = await sumsOfCards(db, user.id, COMPREHENSION_WEIGHTS, rows);
  return rows.map((row) => {
    const kept = sums.get(row.id);
    return { ...toVideoCard(row), comprehension: kept ? scoreOfSums(kept) : null };
  });
}

/** The learner's score of each of these videos: null for a video without words, or unknown. */
export async function comprehensionOfVideos(db: DbOrTx, params: { userId: string; videoIds: readonly number[] }): Promise<Map<number, number | null>> {
  const sums = await comprehensionSumsOfVideos(db, { ...params, weights: COMPREHENSION_WEIGHTS });
  return new Map(params.videoIds.map((id) => [id, sums.has(id) ? scoreOfSums(sums.get(id)!) : null]));
}
