/**
 * Translations and quiz options: every line and every vocabulary word into each other
 * supported language, many lines per call, with three plausible wrong answers per word for its
 * quiz. One structured call per batch and language: a 10-minute video needs tens of calls.
 */
import "server-only";
import { z } from "zod";
import { chatJson } from "@/lib/ai/chat";
import { clipAround, clipLine } from "@/lib/text/clip";
import { AI_LINE_MAX } from "@/lib/validation/limits";

export const BATCH_LINES = 40;

export const translationAnswer = z.object({
  lines: z.array(z.object({ index: z.number().int(), text: z.string() })),
  words: z.array(z.object({ index: z.number().int(), translation: z.string(), wrongOptions: z.array(z.string()) })),
});

export type Translated = {
  lines: Map<number, string>;
  words: Map<number, { translation: string; wrongOptions: string[] }>;
};

type Line = { index: number; text: string };
type Word = { index: number; word: string; context: string };

/**
 * Lines and words in batches of BATCH_LINES: a word rides with the batch that holds its line;
 * words whose line is not being translated go in batches of their own.
 */
export function batches(lines: Line[], words: (Word & { lineIndex: number })[]): { lines: Line[]; words: Word[] }[] {
  const strip = (w: Word & { lineIndex: number }): Word => ({ index: w.index, word: w.word, context: w.context });
  const out: { lines: Line[]; words: Word[] }[] = [];
  const placed = new Set<number>();
  for (let i = 0; i < lines.length; i += BATCH_LINES) {
    const chunk = lines.slice(i, i + BATCH_LINES);
    const held = new Set(chunk.map((l) => l.index));
    const riding = words.filter((w) => held.has(w.lineIndex));
    for (const w of riding) placed.add(w.index);
    out.push({ lines: chunk, words: riding.map(strip) });
  }
  const alone = words.filter((w) => !placed.has(w.index));
  for (let i = 0; i < alone.length; i += BATCH_LINES) out.push({ lines: [], words: alone.slice(i, i + BATCH_LINES).map(strip) });
  return out;
}

// An over-long line is translated in part (AI_LINE_MAX): a prompt stays a few lines' worth.
const clipped = (line: Line): Line => ({ ...line, text: clipLine(line.text, AI_LINE_MAX) });
const clippedContext = (word: Word): Word => ({ ...word, context: clipAround(word.context, word.word, AI_LINE_MAX) });

export async function translateInto(
  language: string,
  from: string,
  lines: Line[],
  words: (Word & { lineIndex: number })[],
  signal?: AbortSignal,
): Promise<Translated> {
  const result: Translated = { lines: new Map(), words: new Map() };
  for (const batch of batches(lines, words)) {
    if (!batch.lines.length && !batch.words.length) continue;
    const answer = await chatJson(
      translationAnswer,
      "translations",
      `Translate a video's lines and vocabulary words from language "${from}" into language "${language}" for learners. Keep each line's meaning and tone. For each word give its translation as used in its line and three plausible but wrong translations (same part of speech, clearly different meaning).`,
      JSON.stringify({ from, to: language, lines: batch.lines.map(clipped), words: batch.words.map(clippedContext) }),
      signal,
    );
    const wanted = new Set(batch.lines.map((l) => l.index));
    for (const l of answer.lines) if (wanted.has(l.index) && l.text.trim()) result.lines.set(l.index, l.text.trim());
    const wantedWords = new Set(batch.words.map((w) => w.index));
    for (const w of answer.words) {
      if (wantedWords.has(w.index) && w.translation.trim()) result.words.set(w.index, { translation: w.translation.trim(), wrongOptions: w.wrongOptions });
    }
  }
  return result;
}
