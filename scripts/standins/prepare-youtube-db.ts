/**
 * Prepares the embedded database in DATA_DIR for the YouTube browser tests and the highlight
 * bench: migrated, the demo content seeded, plus a copy of one demo video that has a YouTube id
 * and no local media file (same captions, word timings, translations and quizzes, published), so
 * the player drives it through the YouTube adapter, and a two-word Spanish-English dictionary
 * (STANDIN_DICTIONARY, imported as `dict:import` does) for the word popover's meanings. The
 * server's own start then adds the demo accounts. Run with `DATA_DIR=... npx tsx scripts/standins/prepare-youtube-db.ts`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { closeDb, getDbHandle } from "@/db/client";
import { migrateDb } from "@/db/migrate";
import { videos } from "@/db/schema";
import { loadDemoContent } from "@/db/seed";
import { importDictionaryFile } from "@/lib/words/meanings/dictionary-import";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { writeDictd } from "./dictd-writer";
import { STANDIN_DICTIONARY, YOUTUBE_VIDEO } from "./youtube-video";

/** Writes the stand-in dictionary's dictd files and imports them. */
async function importStandinDictionary(db: Parameters<typeof importDictionaryFile>[0]) {
  const dir = await mkdtemp(path.join(tmpdir(), "standin-dict-"));
  try {
    const files = await writeDictd(dir, "spa-eng", STANDIN_DICTIONARY.entries);
    await importDictionaryFile(db, files.index, { name: STANDIN_DICTIONARY.name, licence: STANDIN_DICTIONARY.licence });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

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
  await importStandinDictionary(handle.db);
  console.log(`Prepared ${process.env.DATA_DIR}: demo content and "${YOUTUBE_VIDEO.title}" (video ${updated[0]!.id}, YouTube id ${YOUTUBE_VIDEO.youtubeId}) and "${STANDIN_DICTIONARY.name}".`);
  await closeDb();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
