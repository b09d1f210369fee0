/** The owner's live segment editor: a line's text, and which of its words is the vocabulary word. */
import type { Db, DbOrTx } from "@/db/client";
import { clearSegmentTranslations, getSegment, listSegmentTimings, setSegmentText, setSegmentWord, wordTakenElsewhere } from "@/db/queries/segments";
import { badRequest, conflict, notFound } from "@/lib/api/errors";
import { normalizeWord } from "@/lib/player/timing";

async function segmentOf(db: DbOrTx, videoId: number, segmentId: number) {
  const segment = await getSegment(db, { videoId, segmentId });
  if (!segment) throw notFound("Segment not found");
  return segment;
}

/**
 * A line's new text. With `updateTranslations` ('Yes, Update All') its translations, which
 * described the old text, are removed in the same transaction: learners see 'No translation
 * available' rather than a wrong one until translations are generated again (fill missing).
 */
export async function updateSegmentText(db: Db, videoId: number, segmentId: number, newText: string, updateTranslations = false) {
  return db.transaction(async (tx) => {
    const segment = await segmentOf(tx, videoId, segmentId);
    const changed = segment.text.trim() !== newText;
    if (changed) await setSegmentText(tx, { segmentId, text: newText });
    const translationsRemoved = changed && updateTranslations ? await clearSegmentTranslations(tx, { segmentId }) : 0;
    return { id: segment.id, text: changed ? newText : segment.text, updated: changed, translationsRemoved };
  });
}

export async function reselectSegmentWord(db: DbOrTx, videoId: number, segmentId: number, newWord: string) {
  const segment = await segmentOf(db, videoId, segmentId);
  const wanted = normalizeWord(newWord);
  if (!wanted) throw badRequest("newHighlightedWord: Choose a word from this line");
  const token = segment.text.split(/\s+/).find((t) => normalizeWord(t) === wanted);
  if (!token) throw badRequest(`"${newWord}" is not in this line`);
  // Kept as the line writes it ("Zähne", not "zähne"), without the punctuation around it.
  const asWritten = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  if (await wordTakenElsewhere(db, { videoId, segmentId, word: wanted })) {
    throw conflict(`"${newWord}" is already a vocabulary word of another line`);
  }
  // Time the word by its spoken timing in this line, else the line's start.
  const timing = (await listSegmentTimings(db, { segmentId })).find((t) => normalizeWord(t.word) === wanted);
  const word = await setSegmentWord(db, { videoId, segmentId, word: asWritten, timestamp: timing?.start ?? segment.startTime, context: segment.text });
  return { id: word.id, word: word.word, timestamp: word.timestamp, captionId: segmentId };
}
