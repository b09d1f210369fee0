/**
 * The clip the processing browser test uploads, and what the OpenAI stand-in answers about it.
 * Each line is spoken by espeak-ng into its own slot of SLOT_S seconds, so its times are known by
 * construction: the stand-in "hears" exactly these lines at these times.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const SLOT_S = 4;
/** How long each line's speech lasts, at most (espeak-ng's default speed). */
const SPOKEN_S = 2.6;

export const CLIP_LINES = [
  { text: "Compramos naranjas en el mercado.", english: "We buy oranges at the market." },
  { text: "La biblioteca cierra a las ocho.", english: "The library closes at eight." },
  { text: "Mi hermana cocina una sopa.", english: "My sister cooks a soup." },
] as const;

/** The one word the stand-in model picks (the longest of the first line) and its English. */
export const CLIP_WORD = { word: "Compramos", english: "we buy", wrong: ["we sell", "we open", "we paint"] } as const;

/** Writes the clip as an MP3 into `dir`; returns its path. */
export async function makeClip(dir: string): Promise<string> {
  const parts: string[] = [];
  for (const [i, line] of CLIP_LINES.entries()) {
    const part = path.join(dir, `line-${i}.wav`);
    await run("espeak-ng", ["-v", "es", "-w", part, line.text]);
    parts.push(part);
  }
  const pads = parts.map((_, i) => `[${i}]apad=whole_dur=${SLOT_S}[a${i}]`).join(";");
  const joined = parts.map((_, i) => `[a${i}]`).join("");
  const clip = path.join(dir, "market.mp3");
  await run("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y",
    ...parts.flatMap((p) => ["-i", p]),
    "-filter_complex", `${pads};${joined}concat=n=${parts.length}:v=0:a=1`,
    "-c:a", "libmp3lame", "-b:a", "64k", clip,
  ]);
  return clip;
}

/** verbose_json with word and segment timestamps, as OpenAI's whisper-1 answers. */
export function transcribeClip() {
  const segments = CLIP_LINES.map((line, i) => ({ id: i, start: i * SLOT_S, end: i * SLOT_S + SPOKEN_S, text: ` ${line.text}` }));
  const words = segments.flatMap((segment) => {
    const tokens = segment.text.trim().split(" ");
    const step = (segment.end - segment.start) / tokens.length;
    return tokens.map((word, j) => ({ word, start: segment.start + j * step, end: segment.start + (j + 1) * step }));
  });
  return { task: "transcribe", language: "spanish", duration: CLIP_LINES.length * SLOT_S, text: CLIP_LINES.map((l) => l.text).join(" "), segments, words };
}

type Line = { index: number; text: string };
type Word = { index: number; word: string };

/** The model: picks each line's longest word, and translates (English for real, tagged otherwise). */
export function answerChat(schemaName: string, input: { to?: string; lines?: Line[]; words?: Word[] }) {
  const lines = input.lines ?? [];
  if (schemaName === "vocabulary") {
    return {
      words: lines.map((line) => {
        const word = line.text.split(/\s+/).map((w) => w.replace(/[.,!?¿¡]/g, "")).reduce((a, b) => (b.length > a.length ? b : a), "");
        return { word, lemma: word.toLowerCase(), partOfSpeech: "verb", cefr: "A2", segmentIndex: line.index };
      }),
    };
  }
  const to = input.to ?? "";
  return {
    lines: lines.map((line) => {
      const known = CLIP_LINES.find((l) => l.text === line.text);
      return { index: line.index, text: to === "en" && known ? known.english : `[${to}] ${line.text}` };
    }),
    words: (input.words ?? []).map((w) =>
      to === "en" && w.word === CLIP_WORD.word
        ? { index: w.index, translation: CLIP_WORD.english, wrongOptions: [...CLIP_WORD.wrong] }
        : { index: w.index, translation: `${to}:${w.word}`, wrongOptions: [1, 2, 3].map((n) => `${to}:${w.word}:${n}`) },
    ),
  };
}
