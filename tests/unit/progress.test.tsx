import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Progress } from "@/components/ui/progress";

const attributes = (html: string) => Object.fromEntries([...html.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

describe("the progress bar", () => {
  it("is a progressbar with its value, the percentage said aloud, and the bar filled that far", () => {
    const html = renderToStaticMarkup(<Progress value={30} max={40} aria-label="Daily goal" />);
    const bar = attributes(html.slice(0, html.indexOf(">")));
    expect(bar).toMatchObject({ role: "progressbar", "aria-label": "Daily goal", "aria-valuemin": "0", "aria-valuemax": "40", "aria-valuenow": "30", "aria-valuetext": "75%", "data-state": "loading" });
    expect(html).toContain("translateX(-25%)");
  });

  it("keeps a value past either end inside the bar, and says when it is complete", () => {
    const over = attributes(renderToStaticMarkup(<Progress value={130} />));
    expect(over).toMatchObject({ "aria-valuenow": "100", "aria-valuetext": "100%", "data-state": "complete" });
    expect(attributes(renderToStaticMarkup(<Progress value={-5} />))["aria-valuenow"]).toBe("0");
  });

  it("has no value to announce while the value is unknown, and a caller's wording wins", () => {
    const unknown = renderToStaticMarkup(<Progress value={null} />);
    expect(unknown).not.toContain("aria-valuenow");
    expect(unknown).toContain('data-state="indeterminate"');
    expect(renderToStaticMarkup(<Progress value={50} aria-valuetext="Step 2 of 4" />)).toContain('aria-valuetext="Step 2 of 4"');
  });
});
