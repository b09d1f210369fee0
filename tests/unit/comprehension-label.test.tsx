import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ComprehensionLabel } from "@/components/video/comprehension-label";

describe("the comprehension label", () => {
  it("says how much of the video the learner knows, with the score as data-comprehension", () => {
    const html = renderToStaticMarkup(<ComprehensionLabel score={92} />);
    expect(html).toContain('data-comprehension="92"');
    expect(html).toContain("92 % known");
    expect(renderToStaticMarkup(<ComprehensionLabel score={0} />)).toContain("0 % known");
  });

  it("shows nothing for a video whose words have no lemmas yet", () => {
    expect(renderToStaticMarkup(<ComprehensionLabel score={null} />)).toBe("");
  });
});
