/**
 * The licence a dictionary states, whole, for the credit line its licence requires wherever a
 * definition is shown. dictd dictionaries state it in their description entry: FreeDict in an
 * "Availability:" paragraph wrapped over several lines ("Available under the terms of the GNU
 * General Public License ver. 2.0 and / any later version."), Ding as "# License :: GPL ...".
 */
const LICENCE_WORDS = /licen[cs]e|\bGPL|creative commons|\bCC[- ]BY|\bCC0\b|public domain/i;
const LABELLED = /^[\s#*-]*(?:licen[cs]e|copying)\s*:{1,2}\s*(\S.*)$/im;
/** No licence stanza comes near this; it only bounds what a broken description can put in a popover. */
export const LICENCE_MAX = 1000;

/** Whitespace made single; the wording around the licence's name ("Available under the terms of the ...") left out. */
export function licenceName(text: string | undefined): string | undefined {
  let name = text?.replace(/\s+/g, " ").trim();
  if (!name) return undefined;
  const named = /\bunder the terms of (?:both )?(?:the )?(.+)$/i.exec(name)?.[1];
  if (named && LICENCE_WORDS.test(named)) name = named;
  name = name.replace(/\.$/, "");
  return name.length > LICENCE_MAX ? `${name.slice(0, LICENCE_MAX - 1)}…` : name;
}

/**
 * A description's paragraphs: FreeDict indents a paragraph's first line by four spaces and wraps
 * the rest at two; a blank line or a line that is not indented also starts one.
 */
function paragraphs(text: string): string[] {
  const found: string[][] = [];
  let current: string[] | undefined;
  for (const line of text.replace(/\r/g, "").split("\n")) {
    if (!line.trim()) {
      current = undefined;
      continue;
    }
    const indent = /^\s*/.exec(line)![0].length;
    if (!current || indent === 0 || indent >= 4) found.push((current = []));
    current.push(line.trim());
  }
  return found.map((p) => p.join(" "));
}

/** The text with the indentation all its lines share taken off (dictfmt indents every line of some descriptions). */
function dedent(text: string): string {
  const lines = text.replace(/\r/g, "").split("\n");
  const shared = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length));
  return Number.isFinite(shared) ? lines.map((l) => l.slice(shared)).join("\n") : text;
}

/** The licence a dictd description states: a "License:" line, else the paragraph that names one (FreeDict's "Availability:" first). */
export function licenceFromDescription(described: string | undefined): string | undefined {
  if (!described) return undefined;
  const info = dedent(described);
  const labelled = LABELLED.exec(info)?.[1];
  if (labelled) return licenceName(labelled);
  const availability = /^\s*Availability:\s*$/im.exec(info);
  const section = availability ? info.slice(availability.index + availability[0].length) : "";
  // The section's paragraphs are indented; the next heading ("Published at:") is not.
  const stanza = paragraphs(section.split(/\n(?=\S)/)[0] ?? "").find((p) => LICENCE_WORDS.test(p));
  return licenceName(stanza ?? paragraphs(info).find((p) => LICENCE_WORDS.test(p)));
}
