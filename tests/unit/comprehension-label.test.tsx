import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ComprehensionLabel } from "@/components/video/comprehension-label";
import { WithIntl } from "../helpers/intl";

const render = (score: number | null) =>
  renderToStaticMarkup(
    <WithIntl>
      <ComprehensionLabel score={score} />
    </WithIntl>,
  );

describe("the comprehension label", () => {
  it("says how much of the video the learner knows, with the score as data-comprehension", () => {
    const html = render(92);
    expect(html).toContain('data-comprehension="92"');
    expect(html).toContain("92 % known");
    expect(render(0)).toContain("0 % known");
  });

  it("shows nothing for a video whose words have no lemmas yet", () => {
    expect(render(null)).toBe("");
  });
});
