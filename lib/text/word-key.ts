/**
 * A word as words are compared: composed, lower case, one kind of apostrophe. On its own, apart
 * from the stop-word lists (stop-words.ts), so the player can match words without loading them.
 */
export function wordKey(text: string, language?: string): string {
  return text.normalize("NFC").toLocaleLowerCase(language).replace(/\u2019/g, "'");
}

/**
 * A lemma as lemmas are stored and compared (a learner's word statuses, a video's words): its
 * compatibility form (full-width letters as plain ones), without punctuation around it, in lower
 * case.
 */
export function lemmaKey(text: string, language?: string): string {
  return wordKey(text.normalize("NFKC").trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""), language);
}
