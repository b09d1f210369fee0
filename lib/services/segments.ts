/** The owner's live segment editor: a line's text, and which of its words is the vocabulary word. */
import type { DbOrTx } from "@/db/client";
import { getSegment, listSegmentTimings, setSegmentText, setSegmentWord, wordTakenElsewhere } from "@/db/queries/segments";
import { badRequest, conflict, notFound } from "@/lib/api/errors";
import { normalizeWord } from "@/lib/player/timing";

async function segmentOf(db: DbOrTx, videoId: number, segmentId: number) {
  const segment = await getSegment(db, { videoId, segmentId });
  if (!segment) throw notFound("Segment not found");
  return segment;
}

export async function updateSegmentText(db: DbOrTx, videoId: number, segmentId: number, newText: string) {
  const segment = await segmentOf(db, videoId, segmentId);
  if (segment.text.trim() === newText) return { id: segment.id, text: segment.text, updated: false };
  await setSegmentText(db, { segmentId, text: newText });
  return { id: segment.id, text: newText, updated: true };
}

export async function reselectSegmentWord(db: DbOrTx, videoId: number, segmentId: number, newWord: string) {
  const segment = await segmentOf(db, videoId, segmentId);
  const wanted = normalizeWord(newWord);
  if (!wanted) throw badRequest("newHighlightedWord: Choose a word from this line");
  const inText = segment.text.split(/\s+/).some((token) => normalizeWord(token) === wanted);
  if (!inText) throw badRequest(`"${newWord}" is not in this line`);
  if (await wordTakenElsewhere(db, { videoId, segmentId, word: wanted })) {
    throw conflict(`"${newWord}" is already a vocabulary word of another line`);
  }
  // Time the word by its spoken timing in this line, else the line's start.
  const timing = (await listSegmentTimings(db, { segmentId })).find((t) => normalizeWord(t.word) === wanted);
  const word = await setSegmentWord(db, { videoId, segmentId, word: wanted, timestamp: timing?.start ?? segment.startTime, context: segment.text });
  return { id: word.id, word: word.word, timestamp: word.timestamp, captionId: segmentId };
}
