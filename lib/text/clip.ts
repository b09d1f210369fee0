/**
 * A line cut down for a prompt to the AI: whatever a line's source (a subtitle file, a transcript,
 * YouTube's captions), a prompt carries at most a few hundred characters of it, cut between words.
 */

/** Whether the UTF-16 unit at `at` is the second half of a character (cutting there would split it). */
const isLowSurrogate = (text: string, at: number) => /[\uDC00-\uDFFF]/.test(text[at] ?? "");

/** At most `max` characters of `text` from its start, cut at the last space before `max` when one is in the second half. */
export function clipLine(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = isLowSurrogate(text, max) ? max - 1 : max;
  const space = text.lastIndexOf(" ", cut);
  if (space >= max / 2) cut = space;
  return text.slice(0, cut).trimEnd();
}

/** At most `max` characters of `text` around the first place it says `word` (its start when it does not), cut between words. */
export function clipAround(text: string, word: string, max: number): string {
  if (text.length <= max) return text;
  const at = word ? text.indexOf(word) : -1;
  if (at < 0 || at + word.length <= max) return clipLine(text, max);
  let from = Math.max(0, Math.min(at - Math.floor((max - word.length) / 2), text.length - max));
  if (isLowSurrogate(text, from)) from++;
  // Start at a word unless that would leave the word out.
  const wordStart = text.indexOf(" ", from);
  if (wordStart >= 0 && wordStart < at) from = wordStart + 1;
  let cut = from + max;
  if (isLowSurrogate(text, cut)) cut--;
  const space = text.lastIndexOf(" ", cut);
  if (space >= at + word.length) cut = space;
  return text.slice(from, cut).trimEnd();
}
