import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CaptionOverlay, type CaptionWord } from "@/components/player/caption-overlay";
import { WithIntl } from "../helpers/intl";

const line = (text: string) => ({ id: 1, videoId: 1, segmentIndex: 0, text, startTime: 0, endTime: 3000 });
const said = (words: string[], vocabulary: number[] = []): CaptionWord[] =>
  words.map((word, i) => ({ word, start: i * 300, end: i * 300 + 250, captionId: 1, vocabulary: vocabulary.includes(i) }));
/** The caption as a reader sees it: the words' text, tags removed. */
const shown = (html: string) => html.match(/<p[^>]*>(.*?)<\/p>/)![1]!.replace(/<[^>]+>/g, "");

function render(language: string | undefined, words: CaptionWord[], text: string, { timeMs = 5000, quizShowing = false } = {}) {
  return renderToStaticMarkup(
    <WithIntl>
      <CaptionOverlay caption={line(text)} language={language} words={words} translation={null} showTranslation={false} timeMs={timeMs} quizShowing={quizShowing} />
    </WithIntl>,
  );
}

describe("caption overlay", () => {
  it("spaces the words of a language written with spaces, and names the caption's language", () => {
    const html = render("es", said(["Quiero", "un", "café."]), "Quiero un café.");
    expect(shown(html).trim()).toBe("Quiero un café.");
    expect(html).toContain('lang="es"');
  });

  it("runs Japanese pieces together as the line writes them, every piece of a vocabulary word marked", () => {
    const html = render("ja", said(["私", "は", "コー", "ヒー", "を", "飲", "み", "ます", "。"], [5, 6, 7]), "私はコーヒーを飲みます。");
    expect(shown(html)).toBe("私はコーヒーを飲みます。");
    expect(html).toContain('lang="ja"');
    const marked = [...html.matchAll(/data-vocabulary="true" class="([^"]*)">([^<]*)</g)];
    expect(marked.map((m) => m[2])).toEqual(["飲", "み", "ます"]);
    // One mark over the three pieces: no rounding or padding where they meet.
    expect(marked.map((m) => ["rounded-l-none", "rounded-r-none"].filter((c) => m[1]!.split(" ").includes(c)))).toEqual([["rounded-r-none"], ["rounded-l-none", "rounded-r-none"], ["rounded-l-none"]]);
  });

  it("folds the translation under a tap on a phone-sized player, and shows it on wider ones", () => {
    const html = renderToStaticMarkup(
      <WithIntl>
        <CaptionOverlay caption={line("Quiero un café.")} language="es" words={[]} translation="I want a coffee." showTranslation timeMs={0} quizShowing={false} />
      </WithIntl>,
    );
    const translation = html.match(/<p id="([^"]*)" class="([^"]*)" data-testid="caption-translation">([^<]*)</)!;
    expect(translation[3]).toBe("I want a coffee.");
    // Hidden on a narrow player until unfolded, shown from the @xl container width up.
    expect(translation[2]!.split(" ")).toEqual(expect.arrayContaining(["hidden", "@xl:block"]));
    const fold = html.match(/<button[^>]*data-testid="caption-translation-fold"[^>]*>/)![0];
    expect(fold).toContain('aria-expanded="false"');
    expect(fold).toContain(`aria-controls="${translation[1]}"`);
    // The fold sits beside the line (no row of its own under it): the line and the fold share one row.
    expect(html).toMatch(/<div class="flex [^"]*"><p[^>]*lang="es"[^>]*>.*?<\/p><button[^>]*data-testid="caption-translation-fold"/);
    expect(fold).toContain("@xl:hidden");
    // No translation wanted: neither the line nor its fold.
    expect(render("es", [], "Quiero un café.")).not.toContain("caption-translation");
  });

  it("shows a lit vocabulary word's meaning under it, once said, and not while its quiz asks for it", () => {
    const words = said(["Quiero", "un", "café."], [2]).map((w) => (w.vocabulary ? { ...w, definition: "coffee" } : w));
    const definition = /data-testid="word-definition"[^>]*>([^<]*)</;
    expect(render("es", words, "Quiero un café.").match(definition)?.[1]).toBe("coffee");
    // café is said from 600 ms: not lit yet at 300 ms.
    expect(render("es", words, "Quiero un café.", { timeMs: 300 })).not.toMatch(definition);
    expect(render("es", words, "Quiero un café.", { quizShowing: true })).not.toMatch(definition);
  });
  it("makes each analysed word a button marked by its status; names and function words stay unmarked, and marks go when turned off", () => {
    const token = (surface: string, lemma: string, status: "new" | "learning" | "known", isContent = true) =>
      ({ position: 0, start: 0, end: surface.length, surface, lemma, partOfSpeech: null, isContent, isProperNoun: false, status }) as const;
    const words = said(["Quiero", "un", "café."]).map((w, i) => ({
      ...w,
      token: [token("Quiero", "querer", "learning"), token("un", "uno", "new", false), token("café", "café", "new")][i],
    }));
    const draw = (showStatus: boolean) =>
      renderToStaticMarkup(
        <WithIntl>
          <CaptionOverlay caption={line("Quiero un café.")} language="es" words={words} translation={null} showTranslation={false} timeMs={5000} quizShowing={false} onWord={() => {}} showStatus={showStatus} />
        </WithIntl>,
      );
    const buttons = [...draw(true).matchAll(/<button type="button"[^>]*data-word-status="([^"]*)" data-lemma="([^"]*)" class="([^"]*)"/g)];
    expect(buttons.map((b) => [b[1], b[2]])).toEqual([["learning", "querer"], ["new", "uno"], ["new", "café"]]);
    const marks = buttons.map((b) => b[3]!.split(" ").filter((c) => c === "decoration-dotted" || c === "decoration-solid"));
    expect(marks).toEqual([["decoration-solid"], [], ["decoration-dotted"]]);
    const plain = [...draw(false).matchAll(/data-word-status="[^"]*" data-lemma="[^"]*" class="([^"]*)"/g)];
    expect(plain).toHaveLength(3);
    expect(plain.every((b) => !b[1]!.includes("decoration-"))).toBe(true);
  });
});
