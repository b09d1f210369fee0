/** A user's favourite videos: only their own, and only videos they may see. */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { addFavorite, isFavorite, removeFavorite } from "@/db/queries/favorites";
import { listFavoriteVideoCards } from "@/db/queries/videos";
import type { User } from "@/db/schema";
import type { FavoriteStatus, VideoCard } from "@/lib/types/api";
import type { FavoriteChange } from "@/lib/validation/videos";
import { withComprehension } from "@/lib/words/comprehension/cards";
import { assertVideoVisible, isStaff } from "./videos";

const FAVORITES_LIMIT = 500;

export async function listFavorites(db: DbOrTx, user: User): Promise<VideoCard[]> {
  const rows = await listFavoriteVideoCards(db, { userId: user.id, publishedOnly: !isStaff(user), limit: FAVORITES_LIMIT });
  return withComprehension(db, user, rows);
}

export async function getFavoriteStatus(db: DbOrTx, user: User, videoId: number): Promise<FavoriteStatus> {
  await assertVideoVisible(db, user, videoId);
  return { isFavorite: await isFavorite(db, { userId: user.id, videoId }) };
}

export async function changeFavorite(db: DbOrTx, user: User, change: FavoriteChange): Promise<FavoriteStatus & { videoId: number }> {
  await assertVideoVisible(db, user, change.videoId);
  const key = { userId: user.id, videoId: change.videoId };
  if (change.action === "add") await addFavorite(db, key);
  else await removeFavorite(db, key);
  return { videoId: change.videoId, isFavorite: change.action === "add" };
}
