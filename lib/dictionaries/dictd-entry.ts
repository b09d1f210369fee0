/**
 * One dictd entry's text made into senses, so the app can number them itself and show the
 * pronunciation apart. dictd gives entries no structure: each dictionary's converter lays them
 * out its own way, and two layouts cover Debian's packages:
 * - FreeDict (dict-freedict-*): a headword line "querer /keɾˈeɾ/ <v>" (pronunciation, grammar),
 *   then the senses, numbered ("1. love", "2. desire, wish") or one unnumbered, each followed by
 *   indented notes, examples ("…"  - …), synonyms and "see:" cross-references;
 * - Ding (dict-de-en): the headword line, the source side's grammar and context indented one
 *   space (" {vi} (Anstellung)"), then one translation a line indented three ("   to go").
 * Text in neither layout reads as FreeDict's: its lines are one sense, or numbered ones.
 */
import { headwordKey } from "@/lib/words/key";
import type { DictionaryEntryInput, DictionarySense } from "./types";

const NUMBERED = /^\s*\d+\.(?:\s+(.*))?$/;
const NOTE = /^\s*notes?:\s*(.*)$/i;
// Pointers to other entries (a dictd client's links) and examples: a popover has no room for them.
const CROSS_REFERENCE = /^\s*(?:see|synonyms?|antonyms?|cf\.?)\s*:/i;
const EXAMPLE = /^\s*"[^"]*"\s+-\s/;
const DING_TRANSLATION = /^ {3}(?!\s|(?:notes?|see|synonyms?|antonyms?)\s*:)/i;
// A bracketed group, nested once at most: "(noun (common) (futsuumeishi))", "[ugs.]", "{vi}".
const GROUP = String.raw`(?:\((?:[^()]|\([^()]*\))*\)|\[[^\]]*\]|\{[^{}]*\})`;
const GROUPS_ONLY = new RegExp(String.raw`^\s*${GROUP}(?:\s*${GROUP})*\s*$`);
const PRONUNCIATION = /\/([^/\n]+)\//g;
// eSpeak's language switches, as in "/(en)tʃˈaɪniːz(ja)lˈe̞tə/": it read the word in another language, so the sound is not the word's.
const ESPEAK_SWITCH = /\([a-z]{2,3}\)/;

/** A spelling with everything but letters and digits gone, to find a headword in a line however it is punctuated. */
export function looseKey(text: string): string {
  return headwordKey(text).replace(/[^\p{L}\p{N}]/gu, "");
}

const tidy = (text: string) => text.replace(/\s+/g, " ").replace(/\s+([,;.])/g, "$1").trim();

/** A grammar line as a label: "{vi}" is "vi", "(noun (common))" is "noun (common)". */
function grammarLabel(text: string): string | null {
  let label = tidy(text.replace(/\{([^{}]*)\}/g, " $1 "));
  if (new RegExp(String.raw`^\((?:[^()]|\([^()]*\))*\)$`).test(label)) label = label.slice(1, -1).trim();
  return label || null;
}

/** The pronunciation a headword line gives: the one after the headword, else the first; none that eSpeak read in another language. */
function pronunciationOf(line: string, headword: string): string | null {
  const key = looseKey(headword);
  const found = [...line.matchAll(PRONUNCIATION)].filter((m) => m[1]!.trim() && !ESPEAK_SWITCH.test(m[1]!));
  const after = found.find((m) => looseKey(line.slice(0, m.index)).endsWith(key));
  const chosen = after ?? found[0];
  return chosen ? `/${chosen[1]!.trim()}/` : null;
}

/**
 * dictd entries begin with their headword (FreeDict adds pronunciation and grammar to it, JMdict
 * every written form): a first line that holds the headword, with more lines after it, is that.
 */
function isHeadwordLine(lines: string[], headword: string): boolean {
  const key = looseKey(headword);
  return lines.length > 1 && key !== "" && looseKey(lines[0]!).includes(key);
}

type Draft = { lines: string[]; notes: string[] };

function senseOf(draft: Draft, grammar: string | null): DictionarySense | null {
  let lines = draft.lines.map((l) => l.trim()).filter(Boolean);
  const own: string[] = [];
  // JMdict's parts of speech stand on the sense's first lines: "1. (Ichidan verb)", " (transitive verb)", then "to eat".
  while (lines.length > 1 && lines[0]!.startsWith("(") && GROUPS_ONLY.test(lines[0]!)) {
    own.push(grammarLabel(lines[0]!)!);
    lines = lines.slice(1);
  }
  // FreeDict marks the translations' grammar too ("go <v>"): the headword's is what a learner needs.
  const text = tidy(lines.join("; ").replace(/<[^<>]*>/g, ""));
  if (!text) return null;
  const notes = draft.notes.map(tidy).filter(Boolean);
  return { definition: notes.length ? `${text} (${notes.join("; ")})` : text, grammar: own.length ? own.join(", ") : grammar };
}

function freedictSenses(body: string[], grammar: string | null): DictionarySense[] {
  const drafts: Draft[] = [];
  let current: Draft | undefined;
  for (const line of body) {
    if (!line.trim() || CROSS_REFERENCE.test(line) || EXAMPLE.test(line)) continue;
    const note = NOTE.exec(line);
    if (note) {
      current?.notes.push(note[1]!);
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered || !current) {
      current = { lines: [numbered ? (numbered[1] ?? "") : line], notes: [] };
      drafts.push(current);
    } else current.lines.push(line);
  }
  return drafts.map((d) => senseOf(d, grammar)).filter((s): s is DictionarySense => s !== null);
}

function dingSenses(body: string[]): DictionarySense[] {
  const first = body.findIndex((l) => DING_TRANSLATION.test(l));
  const grammar = grammarLabel(body.slice(0, first).join(" "));
  const drafts: Draft[] = [];
  for (const line of body.slice(first)) {
    if (!line.trim()) continue;
    if (DING_TRANSLATION.test(line) || drafts.length === 0) drafts.push({ lines: [line], notes: [] });
    // A translation too long for its line goes on at the start of the next.
    else drafts.at(-1)!.lines[0] += ` ${line.trim()}`;
  }
  return drafts.map((d) => senseOf(d, grammar)).filter((s): s is DictionarySense => s !== null);
}

/** A dictd entry's senses, with the pronunciation and grammar its headword line gives. */
export function parseDictdEntry(headword: string, text: string): DictionaryEntryInput {
  const lines = text.replace(/\r/g, "").replace(/^\s*\n|\s+$/g, "").split("\n");
  let pronunciation: string | null = null;
  let grammar: string | null = null;
  if (isHeadwordLine(lines, headword)) {
    const line = lines.shift()!;
    pronunciation = pronunciationOf(line, headword);
    grammar = /<([^<>]+)>/.exec(line)?.[1]?.trim() || null;
  }
  const firstBody = lines.find((l) => l.trim());
  const ding = firstBody !== undefined && /^\s/.test(firstBody) && lines.some((l) => DING_TRANSLATION.test(l));
  return { headword, pronunciation, senses: ding ? dingSenses(lines) : freedictSenses(lines, grammar) };
}
