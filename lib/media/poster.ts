/**
 * The poster an uploaded audio file without a picture gets: its title on a dark field with a
 * sound-wave mark, as an SVG made on request (so an edited title shows at once). The title is
 * escaped as XML text; the response that carries it allows no script (lib/services/media.ts).
 */

const WIDTH = 640;
const HEIGHT = 360;
const LINE_CHARS = 26;
const MAX_LINES = 3;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The title in lines of about LINE_CHARS characters, at most MAX_LINES, the last one cut with an ellipsis. */
export function posterLines(title: string): string[] {
  const words = title.replace(/[\u0000-\u001f\u007f]/g, " ").trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const piece = word.length > LINE_CHARS ? `${word.slice(0, LINE_CHARS - 1)}…` : word;
    if (line && (line + " " + piece).length > LINE_CHARS) {
      lines.push(line);
      line = piece;
    } else line = line ? `${line} ${piece}` : piece;
  }
  if (line) lines.push(line);
  if (lines.length > MAX_LINES) {
    const kept = lines.slice(0, MAX_LINES);
    kept[MAX_LINES - 1] = `${kept[MAX_LINES - 1]!.slice(0, LINE_CHARS - 1)}…`;
    return kept;
  }
  return lines.length ? lines : ["Audio"];
}

export function posterSvg(title: string): string {
  const lines = posterLines(title);
  const lineHeight = 44;
  const top = 190 - ((lines.length - 1) * lineHeight) / 2;
  const bars = [18, 34, 56, 40, 26, 48, 30, 16].map(
    (h, i) => `<rect x="${WIDTH / 2 - 78 + i * 20}" y="${100 - h / 2}" width="10" height="${h}" rx="5" fill="#38bdf8"/>`,
  );
  const text = lines
    .map((l, i) => `<text x="${WIDTH / 2}" y="${top + i * lineHeight}" text-anchor="middle">${escapeXml(l)}</text>`)
    .join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#0f172a"/>`,
    ...bars,
    `<g fill="#f8fafc" font-family="system-ui, sans-serif" font-size="34" font-weight="700">${text}</g>`,
    `</svg>`,
  ].join("");
}
