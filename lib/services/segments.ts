/** The owner's live segment editor: a line's text, and which of its words is the vocabulary word. */
import "server-only";
import type { Db, DbOrTx } from "@/db/client";
import { refreshVideoProgressOfVideo } from "@/db/queries/progress";
import { clearSegmentTranslations, countWordQuizzes, getSegment, listSegmentTimings, setSegmentText, setSegmentWord, wordTakenElsewhere } from "@/db/queries/segments";
import { badRequest, conflict, notFound } from "@/lib/api/errors";
import { QUEUES } from "@/lib/jobs/queues";
import { sendJob } from "@/lib/jobs/send";
import { timeWord } from "@/lib/pipeline/time-word";
import { findWord, tokenize, wordSpans } from "@/lib/text/tokenize";
import { lineWords } from "@/lib/text/line-words";
import { listCaptionWords, replaceCaptionWords } from "@/db/queries/tokens";

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
    if (changed) {
      await setSegmentText(tx, { segmentId, text: newText });
      await relineWords(tx, videoId, segmentId, newText, segment.language);
    }
    const translationsRemoved = changed && updateTranslations ? await clearSegmentTranslations(tx, { segmentId }) : 0;
    return { id: segment.id, text: changed ? newText : segment.text, updated: changed, translationsRemoved };
  });
}

/**
 * The edited line's words with their lemmas again: what processing said of its words (lemma and
 * part of speech by spelling) still holds for the words the line keeps; a new word gets its own
 * spelling as its lemma until the vocabulary is chosen again. A video without words keeps none.
 */
async function relineWords(tx: DbOrTx, videoId: number, captionId: number, text: string, language: string) {
  const before = await listCaptionWords(tx, { captionId });
  if (!before.length) return;
  const known = before.flatMap((w) => (w.partOfSpeech ? [{ word: w.surface, lemma: w.lemma, partOfSpeech: w.partOfSpeech }] : []));
  await replaceCaptionWords(tx, { videoId, captionId, words: lineWords(text, language, known) });
}

/**
 * Makes `newWord` the line's vocabulary word, by processing's rules in the video's language (the
 * editor offers the same words): a content word of the line, kept as the line writes it ("Zähne"
 * for "zähne", "eau" for "l'eau", 飲みます over three pieces), timed where it is spoken.
 *
 * One transaction: the word, the removal of the old word's quizzes and translations, and every
 * learner's progress in the video (recounted against its words now). Once it commits, the new
 * word's translations and quizzes are queued (Fill Missing), so learners get a quiz for it again.
 */
export async function reselectSegmentWord(db: Db, videoId: number, segmentId: number, newWord: string) {
  const word = await db.transaction(async (tx) => {
    const segment = await segmentOf(tx, videoId, segmentId);
    if (!/[\p{L}\p{N}]/u.test(newWord)) throw badRequest("newHighlightedWord: Choose a word from this line");
    const tokens = tokenize(segment.text, segment.language);
    const found = findWord(segment.text, tokens, newWord, segment.language);
    if (!found) {
      if (wordSpans(tokens, newWord).length > 0) throw badRequest(`"${newWord}" cannot be taught: stop-words, numbers and single letters are not`);
      throw badRequest(`"${newWord}" is not in this line`);
    }
    if (await wordTakenElsewhere(tx, { videoId, segmentId, word: found.text })) {
      throw conflict(`"${newWord}" is already a vocabulary word of another line`);
    }
    // Time the word by its spoken timing in this line (its first piece), else the line's start; its
    // quiz comes once the line is said, as processing places it.
    const timings = (await listSegmentTimings(tx, { segmentId })).map((t) => ({ word: t.word, startMs: t.start, endMs: t.end, segmentIndex: segment.segmentIndex }));
    const time = timeWord(found.text, timings, segment.language);
    const quizTime = Math.max(segment.endTime, time?.endMs ?? 0);
    const row = await setSegmentWord(tx, { videoId, segmentId, word: found.text, timestamp: time?.startMs ?? segment.startTime, quizTime, context: segment.text });
    await refreshVideoProgressOfVideo(tx, { videoId });
    const quizzes = await countWordQuizzes(tx, { wordId: row.id });
    return { row, quizzes };
  });
  let quizzesQueued = false;
  if (word.quizzes === 0) {
    try {
      await sendJob(QUEUES.generateTranslations, { videoId, action: "fill_missing" });
      quizzesQueued = true;
    } catch (error) {
      // The word is saved; 'Generate Translations' in the admin directory makes its quiz later.
      console.error("[jobs] could not queue the new word's translations for video", videoId, error);
    }
  }
  const { row } = word;
  return { id: row.id, word: row.word, timestamp: row.timestamp, captionId: segmentId, quizzesQueued };
}
