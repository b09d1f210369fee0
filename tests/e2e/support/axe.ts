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
  // Colours read mid-animation (a toast sliding in) are neither the start's nor the end's: let
  // finite animations end first (a spinner's or a skeleton's never does).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  const results = await (dark ? axe.withRules(COLOUR_RULES) : axe).analyze();
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
