/**
 * axe-core's WCAG 2 A/AA rules on the page as it is now; a failure lists each rule and where it broke.
 * In dark mode only the rules that depend on colour run: the others read the same page as in
 * light mode, and every spec checks each screen in light mode too.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export async function expectNoViolations(page: Page, screen: string) {
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  const axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  const results = await (dark ? axe.withRules(COLOUR_RULES) : axe).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `${screen}${dark ? " (dark)" : ""}`).toEqual([]);
}
