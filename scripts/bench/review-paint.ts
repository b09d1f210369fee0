/**
 * The review screen's first paint in Chromium (issue 21: under 1 s on localhost): /review for the
 * demo learner with a few words due (saved through the API, as the learner saves them, so each
 * card is due at once), each load in a fresh context (cold cache). Figures: first contentful
 * paint, and when the first card's line shows with its word marked (the page's purpose), both
 * from navigation start, by the page's own clock. Baseline from the same run: /home, measured the
 * same way (ready: its "words due" prompt). The production server runs on a temporary database
 * with the demo content; each figure is printed with the load average (the machine is shared).
 */
import { loadavg } from "node:os";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { api, withSignedInLearner } from "./app-server";
import { envInt, ms, stats, verdicts, type Stats } from "./util";

/** Spanish words of the demo videos' lines, saved as "learning": due at once. */
const DUE_WORDS = ["leche", "café", "día", "querer", "mercado"];

type Paint = { fcp: number; ready: number };

/**
 * Loads `pathname` in a fresh context and returns its first contentful paint and when `ready`
 * (a CSS selector) was shown: when it first matched (a MutationObserver set up before the page's
 * own scripts notes the moment), or the first paint if it was there before it; in ms from
 * navigation start.
 */
async function paintOf(browser: Browser, baseURL: string, pathname: string, ready: string, state: BrowserContextOptions["storageState"]): Promise<Paint> {
  const context = await browser.newContext({ baseURL, storageState: state, viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    // A string, not a function: tsx would name the function's inner functions with a helper the page lacks.
    await page.addInitScript({
      content: `(() => {
        const check = () => {
          if (window.__readyAt === undefined && document.querySelector(${JSON.stringify(ready)})) window.__readyAt = performance.now();
        };
        new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
        check();
      })();`,
    });
    const response = await page.goto(pathname, { waitUntil: "load" });
    if (!response?.ok()) throw new Error(`${pathname}: ${response?.status()}`);
    if (new URL(page.url()).pathname !== pathname) throw new Error(`${pathname} went to ${page.url()}`);
    await page.waitForSelector(ready, { timeout: 30_000 });
    const { fcp, inDom } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      inDom: (window as unknown as { __readyAt?: number }).__readyAt ?? NaN,
    }));
    // Server-rendered content is in the document before anything is painted: shown at the first paint, then.
    return { fcp, ready: Math.max(fcp, inDom) };
  } finally {
    await context.close();
  }
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(" ");

export async function benchReviewPaint(targetMs: number): Promise<void> {
  const runs = envInt("BENCH_REVIEW_PAINT_RUNS", 10);
  console.log(`\nChromium · review screen first paint: ${runs} cold loads each (fresh context), ms from navigation start, p50 / p95`);
  await withSignedInLearner("review-paint", async ({ app, browser, token, learner }) => {
    for (const lemma of DUE_WORDS) {
      await api(app.baseURL, "/api/words/status", { method: "PUT", token, body: JSON.stringify({ language: "es", lemma, status: "learning" }) });
    }
    const pages = [
      { name: "review", path: "/review", ready: '[role="region"][aria-label="Review"] [data-testid="review-line"] mark' },
      { name: "home (baseline)", path: "/home", ready: '[data-testid="review-due"] [data-due-count]' },
    ];
    // One untimed load of each: the server's first render of a route is not what a learner waits for.
    for (const p of pages) await paintOf(browser, app.baseURL, p.path, p.ready, learner);
    console.log(`  ${"page".padEnd(16)} ${"first contentful paint".padStart(24)} ${"ready (card / prompt)".padStart(24)}   load average`);
    for (const p of pages) {
      const samples: Paint[] = [];
      for (let i = 0; i < runs; i++) samples.push(await paintOf(browser, app.baseURL, p.path, p.ready, learner));
      const fcp: Stats = stats(samples.map((s) => s.fcp));
      const ready: Stats = stats(samples.map((s) => s.ready));
      console.log(`  ${p.name.padEnd(16)} ${ms(fcp.p50, 10)} /${ms(fcp.p95, 8)} ms ${ms(ready.p50, 12)} /${ms(ready.p95, 8)} ms   ${load()}`);
      if (p.path === "/review") {
        verdicts.push({ engine: "Chromium", scenario: "review", item: "first contentful paint", p95: fcp.p95, target: targetMs });
        verdicts.push({ engine: "Chromium", scenario: "review", item: "first card shown", p95: ready.p95, target: targetMs });
      }
    }
  });
}
