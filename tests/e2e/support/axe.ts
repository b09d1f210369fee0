/**
 * axe-core's WCAG 2 A/AA rules on the page as it is now; a failure lists each rule and where it broke.
 * In dark mode only the rules that depend on colour run: the others read the same page as in
 * light mode, and every spec checks each screen in light mode too.
 *
 * A page without frames is checked by axe-core run in the page itself, put there once per document
 * and asked only for violations: AxeBuilder's full run puts axe's half-megabyte script in again,
 * opens a blank page to gather the results and collects every passing node too, which took about
 * four times as long. A page with frames (an embed) goes through AxeBuilder, which checks each frame.
 */
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

const WCAG_TAGS = ["wcag2a", "wcag2aa"];
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** The axe-core AxeBuilder itself runs (its own dependency, whichever version another package hoists). */
const axeSource = (createRequire(require.resolve("@axe-core/playwright"))("axe-core") as typeof import("axe-core")).source;

type Violations = Pick<AxeResults, "violations">;

async function violations(page: Page, rules: RunOptions["runOnly"]): Promise<Violations> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).options({ runOnly: rules }).analyze();
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(
    (options) => (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, options),
    { runOnly: rules, resultTypes: ["violations"] } satisfies RunOptions,
  );
}

export async function expectNoViolations(page: Page, screen: string) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  // Colours read mid-animation (a toast sliding in) are neither the start's nor the end's: let
  // finite animations end first (a spinner's or a skeleton's never does).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await violations(page, dark ? { type: "rule", values: COLOUR_RULES } : { type: "tag", values: WCAG_TAGS });
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `${screen}${dark ? " (dark)" : ""}`).toEqual([]);
}

/**
 * The screen as it is now in light mode, then in dark mode without a reload: the app follows the
 * system's colour scheme (next-themes, theme "system"), so switching the emulated scheme restyles
 * the same page as a fresh load in dark mode would. Leaves the page in light mode.
 */
export async function expectNoViolationsInBothThemes(page: Page, screen: string) {
  const html = page.locator("html");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await expectNoViolations(page, screen);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  await expectNoViolations(page, screen);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
}
