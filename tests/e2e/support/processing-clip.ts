/**
 * The clip the processing browser test uploads, and what the OpenAI stand-in answers about it.
 * Each line is spoken by espeak-ng into its own slot of SLOT_S seconds, so its times are known by
 * construction: the stand-in "hears" exactly these lines at these times.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { ChatRequest } from "@/scripts/standins/fake-openai";
import { answerChat, transcriptOf } from "@/scripts/standins/standin-answers";

const run = promisify(execFile);

export const SLOT_S = 4;
/** How long each line's speech lasts, at most (espeak-ng's default speed). */
const SPOKEN_S = 2.6;

export const CLIP_LINES = [
  { text: "Compramos naranjas en el mercado.", english: "We buy oranges at the market." },
  { text: "La biblioteca cierra a las ocho.", english: "The library closes at eight." },
  { text: "Mi hermana cocina una sopa.", english: "My sister cooks a soup." },
] as const;

/** The one word the stand-in model picks (the first line's longest candidate) and its English. */
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
export const transcribeClip = () => transcriptOf(CLIP_LINES.map((l) => l.text), { every: SLOT_S, spoken: SPOKEN_S });

/** The model: picks each line's longest candidate word, and knows the English of the lines and of that word. */
export function answerClipChat(request: ChatRequest) {
  return answerChat(request, {
    translateLine: (to, text) => (to === "en" ? CLIP_LINES.find((l) => l.text === text)?.english : undefined),
    translateWord: (to, word) => (to === "en" && word === CLIP_WORD.word ? { translation: CLIP_WORD.english, wrongOptions: [...CLIP_WORD.wrong] } : undefined),
  });
}
