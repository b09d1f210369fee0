/**
 * The keys words are compared by, in one place (browser and server alike). A word as words are
 * compared: composed, lower case, one kind of apostrophe. On its own, apart
 * from the stop-word lists (stop-words.ts), so the player can match words without loading them.
 */
export function wordKey(text: string, language?: string): string {
  return lowerCase(text.normalize("NFC"), language).replace(/\u2019/g, "'");
}

/**
 * The language's own lower case ("I" is "ı" in Turkish), or the plain one for a tag Intl rejects
 * ("es-12", "", "EN-"), which toLocaleLowerCase throws a RangeError for: a word must never fail
 * to compare, in the player or on the server, because its language was misspelled.
 */
function lowerCase(text: string, language: string | undefined): string {
  try {
    return text.toLocaleLowerCase(language);
  } catch {
    return text.toLowerCase();
  }
}

/**
 * A lemma as lemmas are stored and compared (a learner's word statuses, a video's words): its
 * compatibility form (full-width letters as plain ones), without punctuation around it, in lower
 * case.
 */
export function lemmaKey(text: string, language?: string): string {
  return wordKey(text.normalize("NFKC").trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""), language);
}

/**
 * A word as dictionaries and the shared meanings are searched (a stronger fold than lemmaKey's, so
 * a caption's spelling finds a dictionary's whatever either's case or width): NFKC (full-width letters, ligatures and compatibility
 * forms become their plain spelling) and case-folded, trimmed, inner spaces single. Headwords are
 * stored so and every lookup asks so, whatever the dictionary's or the caption's spelling.
 */
export function headwordKey(text: string): string {
  // Upper then lower case folds what lower case alone leaves apart (ß and ss, final and medial
  // sigma), close to Unicode's full case folding, which JavaScript does not offer.
  return text.normalize("NFKC").trim().replace(/\s+/gu, " ").toUpperCase().toLowerCase().normalize("NFKC");
}
