/**
 * Text as Anki fields hold it: HTML (Anki renders fields as HTML), so text from captions, notes
 * and dictionaries is escaped before it goes in, and the sort field is the text without tags.
 */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Plain text as HTML: markup characters escaped, line breaks as <br>, tabs as spaces. */
export function escapeHtml(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!)
    .replace(/\r\n?|\n/g, "<br>")
    .replace(/\t/g, " ");
}

/** A field's HTML as text, for Anki's sort field and duplicate checksum. */
export function stripHtml(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
