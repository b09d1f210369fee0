/** The pieces of an Anki export that need no database: guids, HTML escaping, TSV cells, and `?t=` links into a video. */
import { describe, expect, it } from "vitest";
import { fieldChecksum, stableGuid } from "@/lib/words/export/anki/guid";
import { escapeHtml, stripHtml } from "@/lib/words/export/anki/html";
import { tsvHeader, tsvRow } from "@/lib/words/export/anki/tsv";
import { linkedStartMs } from "@/lib/player/start-time";

describe("note guids", () => {
  it("are the same for the same learner, language and lemma, and differ otherwise", () => {
    const guid = stableGuid("lingoreel", "user-1", "es", "leche");
    expect(guid).toBe(stableGuid("lingoreel", "user-1", "es", "leche"));
    expect(guid).toMatch(/^[A-Za-z0-9!#$%&()*+,\-./:;<=>?@[\]^_`{|}~]{1,10}$/);
    expect(stableGuid("lingoreel", "user-2", "es", "leche")).not.toBe(guid);
    expect(stableGuid("lingoreel", "user-1", "pt", "leche")).not.toBe(guid);
    // The parts are kept apart: "a"+"bc" is not "ab"+"c".
    expect(stableGuid("a", "bc")).not.toBe(stableGuid("ab", "c"));
  });

  it("checksums the first field as Anki does (the first 8 hex digits of its SHA-1)", () => {
    expect(fieldChecksum("leche")).toBe(0x3c60405a);
    expect(fieldChecksum("")).toBe(0xda39a3ee);
  });
});

describe("fields as HTML", () => {
  it("escapes markup and keeps line breaks", () => {
    expect(escapeHtml(`a <b> & "c"\nd\te`)).toBe("a &lt;b&gt; &amp; &quot;c&quot;<br>d e");
    expect(stripHtml("<b>caf&eacute;</b> &amp; <br>leche")).toBe("caf&eacute; & leche");
  });
});

describe("TSV", () => {
  const note = {
    guid: "Ab#1",
    deck: "LingoReel::Spanish",
    tags: ["LingoReel", "es"],
    fields: { Word: "#hash", Lemma: "x", Meaning: '"quoted"\tand\nmore', Sentence: "s", SentenceTranslation: "t", Audio: "[sound:a.mp3]", Source: "<a href=\"u\">v</a>" },
  };

  it("starts with Anki's header lines", () => {
    expect(tsvHeader()).toBe("#separator:tab\n#html:true\n#columns:Word\tLemma\tMeaning\tSentence\tSentenceTranslation\tSource\tGUID\tTags\n#guid column:7\n#tags column:8\n");
  });

  it("keeps each note on one line of eight cells, and no cell reads as a comment or a quoted field", () => {
    const row = tsvRow(note);
    expect(row.endsWith("\n")).toBe(true);
    const cells = row.slice(0, -1).split("\t");
    expect(cells).toEqual(["&#35;hash", "x", '&quot;quoted" and<br>more', "s", "t", '<a href="u">v</a>', "Ab#1", "LingoReel es"]);
  });
});

describe("a link's start time", () => {
  it("reads ?t= in seconds, and nothing else", () => {
    expect(linkedStartMs("?t=12")).toBe(12_000);
    expect(linkedStartMs("?t=12s")).toBe(12_000);
    expect(linkedStartMs("?t=1.5")).toBe(1500);
    for (const search of ["", "?t=", "?t=-3", "?t=abc", "?t=Infinity", "?x=4"]) expect(linkedStartMs(search), search).toBe(0);
  });
});
