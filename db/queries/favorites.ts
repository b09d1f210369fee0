/** Queries on favourites. */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { favorites } from "../schema";

export async function isFavorite(db: DbOrTx, params: { userId: string; videoId: number }): Promise<boolean> {
  const [row] = await db
    .select({ videoId: favorites.videoId })
    .from(favorites)
    .where(and(eq(favorites.userId, params.userId), eq(favorites.videoId, params.videoId)))
    .limit(1);
  return !!row;
}

export async function addFavorite(db: DbOrTx, params: { userId: string; videoId: number }): Promise<void> {
  await db.insert(favorites).values(params).onConflictDoNothing();
}

export async function removeFavorite(db: DbOrTx, params: { userId: string; videoId: number }): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, params.userId), eq(favorites.videoId, params.videoId)));
}
