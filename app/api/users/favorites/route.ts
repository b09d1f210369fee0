/** GET /api/users/favorites: the caller's saved videos. POST: add or remove one. */
import { route } from "@/lib/api/handler";
import { changeFavorite, listFavorites } from "@/lib/services/favorites";
import { favoriteChangeSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ db, user }) => listFavorites(db, user));

export const POST = route({ body: favoriteChangeSchema }, async ({ db, user, body }) => changeFavorite(db, user, body));
