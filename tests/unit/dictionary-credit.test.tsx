/**
 * The credit line under a dictionary's meaning in the word popover: the licence asks for it, so
 * it is shown whole and wraps, however long the licence or an address in it, never cut to a line.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WordMeaning } from "@/components/words/word-meaning";
import type { DictionaryMeaning, WordLookup } from "@/lib/words/meanings/lookup";
import { WithIntl } from "../helpers/intl";

const LICENCE =
  "GNU General Public License, version 3 (GPLv3) and the GNU Affero General Public License, version 3 (AGPLv3), where each of these licenses applies to different parts of this (combined) work; see https://www.gnu.org/licenses/agpl-3.0.en.html";

const dictionary: DictionaryMeaning = {
  name: "German - English Ding/FreeDict dictionary",
  edition: "1.9-fd1",
  licence: LICENCE,
  headword: "haus",
  definitions: ["house", "home"],
  pronunciation: "/hˈaʊs/",
  grammar: "neut, n, sg",
};

const lookup: WordLookup = {
  surface: "Haus",
  lemma: "haus",
  language: "de",
  nativeLanguage: "en",
  source: "dictionary",
  note: null,
  vocabulary: null,
  dictionaries: [dictionary],
  ai: null,
  lineTranslation: null,
  message: null,
};

describe("a dictionary's credit line", () => {
  const html = renderToStaticMarkup(
    <WithIntl>
      <WordMeaning lookup={{ data: lookup, isPending: false, isError: false, error: null }} />
    </WithIntl>,
  );
  const credit = /<p class="([^"]*)" data-testid="word-credit">([\s\S]*?)<\/p>/.exec(html);

  it("names the dictionary, its edition and its licence in full", () => {
    expect(credit?.[2]!.replace(/<!-- -->/g, "")).toBe(`From German - English Ding/FreeDict dictionary (1.9-fd1), ${LICENCE}`);
  });

  it("wraps, breaking a long address if it must, and is never cut to one line", () => {
    const classes = credit![1]!.split(/\s+/);
    expect(classes).toContain("wrap-break-word");
    expect(classes.filter((c) => /^(truncate|line-clamp-|text-ellipsis|overflow-hidden|whitespace-nowrap|text-nowrap)/.test(c))).toEqual([]);
  });
});
