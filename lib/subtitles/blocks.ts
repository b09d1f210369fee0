/**
 * A subtitle file's lines and blocks, read lazily in one pass, so that parsing a large file can be
 * done in slices (parse.ts) and never builds its whole line list at once. Line ends are "\n",
 * "\r\n" or a lone "\r", as both formats allow.
 */

/** Work done in steps: each `yield` is a point where a caller may let other work run. */
export type Steps<T> = Generator<void, T, void>;

/** Each line and its 1-based number. */
export function* lines(text: string): Generator<[line: string, number: number]> {
  // Where the next "\n" and "\r" are, looked for again only once passed: one pass over the text.
  let lf = text.indexOf("\n");
  let cr = text.indexOf("\r");
  let number = 0;
  for (let at = 0; at <= text.length; ) {
    if (lf >= 0 && lf < at) lf = text.indexOf("\n", at);
    if (cr >= 0 && cr < at) cr = text.indexOf("\r", at);
    const end = Math.min(lf < 0 ? text.length : lf, cr < 0 ? text.length : cr);
    yield [text.slice(at, end), ++number];
    if (end === text.length) return;
    at = end + (text[end] === "\r" && text[end + 1] === "\n" ? 2 : 1);
    // A file that ends with a line end has no empty line after it.
    if (at === text.length) return;
  }
}

export type Block = { line: number; lines: string[] };

/** Lines read between pauses. */
const LINES_PER_STEP = 1024;

/**
 * Groups lines into blocks separated by empty lines, remembering where each starts; yields null
 * now and then while it reads (a point to pause at), and each block once it is whole.
 */
export function* blocks(text: string, isSeparator: (line: string) => boolean): Generator<Block | null> {
  let current: Block | null = null;
  for (const [raw, number] of lines(text)) {
    if (number % LINES_PER_STEP === 0) yield null;
    if (isSeparator(raw)) {
      if (current) yield current;
      current = null;
      continue;
    }
    if (!current) current = { line: number, lines: [] };
    current.lines.push(raw);
  }
  if (current) yield current;
}
