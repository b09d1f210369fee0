/** The comprehension score on video cards: every card of a list scored in one query for the caller. */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { comprehensionOfVideos } from "@/db/queries/comprehension";
import type { User } from "@/db/schema";
import type { VideoCard } from "@/lib/types/api";

export async function withComprehension(db: DbOrTx, user: Pick<User, "id">, cards: VideoCard[]): Promise<VideoCard[]> {
  if (!cards.length) return cards;
  const scores = await comprehensionOfVideos(db, { userId: user.id, videoIds: cards.map((c) => c.id) });
  return cards.map((c) => ({ ...c, comprehension: scores.get(c.id) ?? null }));
}
