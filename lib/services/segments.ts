/** The owner's live segment editor: a line's text, and which of its words is the vocabulary word. */
import type { Db, DbOrTx } from "@/db/client";
import { clearSegmentTranslations, getSegment, listSegmentTimings, setSegmentText, setSegmentWord, wordTakenElsewhere } from "@/db/queries/segments";
import { badRequest, conflict, notFound } from "@/lib/api/errors";
import { timeWord } from "@/lib/pipeline/time-word";
import { findWord, tokenize, wordSpans } from "@/lib/text/tokenize";

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

/**
 * Makes `newWord` the line's vocabulary word, by processing's rules in the video's language (the
 * editor offers the same words): a content word of the line, kept as the line writes it ("Zähne"
 * for "zähne", "eau" for "l'eau", 飲みます over three pieces), timed where it is spoken.
 */
export async function reselectSegmentWord(db: DbOrTx, videoId: number, segmentId: number, newWord: string) {
  const segment = await segmentOf(db, videoId, segmentId);
  if (!/[\p{L}\p{N}]/u.test(newWord)) throw badRequest("newHighlightedWord: Choose a word from this line");
  const tokens = tokenize(segment.text, segment.language);
  const found = findWord(segment.text, tokens, newWord, segment.language);
  if (!found) {
    if (wordSpans(tokens, newWord).length > 0) throw badRequest(`"${newWord}" cannot be taught: stop-words, numbers and single letters are not`);
    throw badRequest(`"${newWord}" is not in this line`);
  }
  if (await wordTakenElsewhere(db, { videoId, segmentId, word: found.text })) {
    throw conflict(`"${newWord}" is already a vocabulary word of another line`);
  }
  // Time the word by its spoken timing in this line (its first piece), else the line's start; its
  // quiz comes once the line is said, as processing places it.
  const timings = (await listSegmentTimings(db, { segmentId })).map((t) => ({ word: t.word, startMs: t.start, endMs: t.end, segmentIndex: segment.segmentIndex }));
  const time = timeWord(found.text, timings, segment.language);
  const quizTime = Math.max(segment.endTime, time?.endMs ?? 0);
  const word = await setSegmentWord(db, { videoId, segmentId, word: found.text, timestamp: time?.startMs ?? segment.startTime, quizTime, context: segment.text });
  return { id: word.id, word: word.word, timestamp: word.timestamp, captionId: segmentId };
}
