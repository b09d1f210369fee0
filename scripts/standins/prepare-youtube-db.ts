/**
 * Prepares the embedded database in DATA_DIR for the YouTube browser tests and the highlight
 * bench: migrated, the demo content seeded, plus a copy of one demo video that has a YouTube id
 * and no local media file (same captions, word timings, translations and quizzes, published), so
 * the player drives it through the YouTube adapter. The server's own start then adds the demo
 * accounts. Run with `DATA_DIR=... npx tsx scripts/standins/prepare-youtube-db.ts`.
 */
import { eq } from "drizzle-orm";
import { closeDb, getDbHandle } from "@/db/client";
import { migrateDb } from "@/db/migrate";
import { videos } from "@/db/schema";
import { loadDemoContent } from "@/db/seed";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { YOUTUBE_VIDEO } from "./youtube-video";

async function main() {
  if (!process.env.DATA_DIR) throw new Error("Set DATA_DIR to the directory the server will use.");
  const handle = await getDbHandle();
  await migrateDb(handle);
  const content = loadDemoContent();
  const source = content.videos.find((v) => v.slug === YOUTUBE_VIDEO.slug);
  if (!source) throw new Error(`No demo video ${YOUTUBE_VIDEO.slug}`);
  // Seeded with the same slug, so its quizzes get the same options in the same order.
  const result = await seedDemoContent(handle.db, { ...content, videos: [...content.videos, { ...source, title: YOUTUBE_VIDEO.title }] });
  if (!result.seeded) throw new Error(`${process.env.DATA_DIR} already has content: start from an empty directory.`);
  const updated = await handle.db
    .update(videos)
    .set({ youtubeId: YOUTUBE_VIDEO.youtubeId, mediaPath: null, mediaType: null })
    .where(eq(videos.title, YOUTUBE_VIDEO.title))
    .returning({ id: videos.id });
  if (updated.length !== 1) throw new Error(`Expected one copy of ${YOUTUBE_VIDEO.slug}, found ${updated.length}`);
  console.log(`Prepared ${process.env.DATA_DIR}: demo content and "${YOUTUBE_VIDEO.title}" (video ${updated[0]!.id}, YouTube id ${YOUTUBE_VIDEO.youtubeId}).`);
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
