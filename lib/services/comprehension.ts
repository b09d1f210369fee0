/** The comprehension score on video cards: read with the cards, counted only for those not yet kept. */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { scoresOfCards } from "@/db/queries/comprehension";
import type { VideoCardRow } from "@/db/queries/videos";
import type { User } from "@/db/schema";
import type { VideoCard } from "@/lib/types/api";
import { toVideoCard } from "./serialize";

export async function withComprehension(db: DbOrTx, user: Pick<User, "id">, rows: VideoCardRow[]): Promise<VideoCard[]> {
  if (!rows.length) return [];
  const scores = await scoresOfCards(db, user.id, rows);
  return rows.map((row) => ({ ...toVideoCard(row), comprehension: scores.get(row.id) ?? null }));
}
