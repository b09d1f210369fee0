/**
 * A small processed video in a chosen state, for API tests that need one of each: a published
 * video, an unpublished one and one whose processing failed, each with a line (its words and
 * their lemmas, and its English translation), a vocabulary word with its quiz, and an uploaded
 * audio file in storage.
 */
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { saveProcessedContent } from "@/db/queries/processed";
import { captions, videos, words } from "@/db/schema";
import type { Storage } from "@/lib/storage";
import { lineWords } from "@/lib/text/line-words";

export type VideoState = "published" | "unpublished" | "failed";
export type VideoFixture = { id: number; segmentId: number; wordId: number };

const STATUS = { published: "active", unpublished: "unpublished", failed: "failed" } as const;

/** A few bytes are enough: the media route streams what storage holds without decoding it. */
const AUDIO = Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000fake mp3 body", "latin1");

let made = 0;

export async function seedVideo(db: Db, state: VideoState, storage?: Storage): Promise<VideoFixture> {
  const n = ++made;
  const mediaPath = storage ? `audio/fixture-${n}.mp3` : null;
  if (storage && mediaPath) await storage.put(mediaPath, Readable.from([AUDIO]), { contentType: "audio/mpeg" });
  const [video] = await db
    .insert(videos)
    .values({
      title: `Fixture ${state} ${n}`,
      youtubeId: "abcdefghijk",
      targetLanguage: "es",
      status: STATUS[state],
      processingProgress: state === "failed" ? 50 : 100,
      errorReason: state === "failed" ? "Transcription failed: the AI service answered 500" : null,
      mediaPath,
      mediaType: storage ? "audio/mpeg" : null,
    })
    .returning({ id: videos.id });
  const id = video!.id;
  const text = "Quiero un café con leche.";
  const spoken = ["Quiero", "un", "café", "con", "leche."];
  await saveProcessedContent(db, id, {
    durationMs: 4000,
    segments: [{ text, startMs: 0, endMs: 4000, translations: { en: "I would like a coffee with milk." } }],
    timings: spoken.map((word, i) => ({ word, startMs: i * 700, endMs: i * 700 + 600, segmentIndex: 0 })),
    words: [{ word: "café", segmentIndex: 0, timestampMs: 1400, quizTimeMs: 4000, translations: { en: "coffee" } }],
    quizzes: [{ wordIndex: 0, language: "en", question: "café", options: ["coffee", "milk", "tea", "water"], correctIndex: 0 }],
    // The line's words with their lemmas, as processing stores them.
    tokens: [
      lineWords(text, "es", [
        { word: "Quiero", lemma: "querer", partOfSpeech: "verb" },
        { word: "café", lemma: "café", partOfSpeech: "noun" },
        { word: "leche", lemma: "leche", partOfSpeech: "noun" },
      ]),
    ],
  });
  const [caption] = await db.select({ id: captions.id }).from(captions).where(eq(captions.videoId, id));
  const [word] = await db.select({ id: words.id }).from(words).where(eq(words.videoId, id));
  return { id, segmentId: caption!.id, wordId: word!.id };
}

/** The video's row once its processing has ended, one way or the other (polled for up to a minute). */
export async function settledVideo(db: Db, id: number) {
  for (let i = 0; i < 600; i++) {
    const [row] = await db.select().from(videos).where(eq(videos.id, id));
    if (row && row.status !== "processing") return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the video is still processing");
}
