/**
 * A word as dictionaries are searched: NFKC (full-width letters, ligatures and compatibility
 * forms become their plain spelling) and case-folded, trimmed, inner spaces single. Headwords are
 * stored so and every lookup asks so, whatever the dictionary's or the caption's spelling.
 */
export function headwordKey(text: string): string {
  // Upper then lower case folds what lower case alone leaves apart (ß and ss, final and medial
  // sigma), close to Unicode's full case folding, which JavaScript does not offer.
  return text.normalize("NFKC").trim().replace(/\s+/gu, " ").toUpperCase().toLowerCase().normalize("NFKC");
}
