/**
 * Page weight in Chromium (issue 18 §3: first-load JavaScript under 150 KB gzip): every script
 * file a page loads from a cold cache until the network is idle (the framework, the route's
 * chunks and whatever they load lazily at start), each gzipped at level 9 as `gzip -9` would,
 * summed. The production server runs on a temporary database with the demo content; the landing
 * page is a visitor's, the others the demo learner's. Inline scripts (the page's data) are not
 * counted. Baseline: the figures before the cuts, measured the same way. Each total is split into
 * what every page loads (the framework and the root layout) and the page's own scripts, which
 * each have a ceiling (issue 36): today's figures, never to grow.
 */

import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { loadDemoContent } from "@/db/seed";
import { bytesBySource, moduleName } from "./source-map-sizes";
import { api, withSignedInLearner } from "./app-server";
import { fmtInt, verdicts } from "./util";

/** KB here is 1,024 bytes. */
const KB = 1024;

/** Before the cuts (commit 8575cbb on this machine), gzip KB and script files. */
const BASELINE: Record<string, { kb: number; scripts: number }> = {
  landing: { kb: 298.8, scripts: 14 },
  home: { kb: 320.4, scripts: 18 },
  video: { kb: 321.6, scripts: 18 },
  profile: { kb: 322.4, scripts: 18 },
};

/**
 * Each page's own first-load JavaScript (beyond what every page shares) at most, gzip KB: lower is
 * better, never higher. The interface's languages raised each signed-in page's by 3 KB (use-intl's
 * runtime); `cn` merging over the classes this codebase writes rather than every Tailwind utility
 * (lib/class-groups.ts, 3.6 KB less) brought them back under issue 36's ceilings.
 */
export const OWN_CEILINGS_KB: Record<string, number> = { landing: 6, home: 42, video: 56, profile: 47 };

type Script = { url: string; raw: number; gzip: number; text: string };

/** Loads `pathname` in a fresh context (cold cache) and returns every script file it fetched. */
async function scriptsOf(browser: Browser, baseURL: string, pathname: string, state?: BrowserContextOptions["storageState"]): Promise<Script[]> {
  const context = await browser.newContext({ baseURL, storageState: state, viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    const bodies: Promise<Script | null>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      bodies.push(
        response.body().then(
          (body) => ({ url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length, text: body.toString("utf8") }),
          () => null,
        ),
      );
    });
    const response = await page.goto(pathname, { waitUntil: "load" });
    if (!response?.ok()) throw new Error(`${pathname}: ${response?.status()}`);
    if (new URL(page.url()).pathname !== pathname) throw new Error(`${pathname} went to ${page.url()}`);
    await page.waitForLoadState("networkidle");
    const seen = new Map<string, Script>();
    for (const script of await Promise.all(bodies)) if (script) seen.set(script.url, script);
    return [...seen.values()];
  } finally {
    await context.close();
  }
}

const kb = (bytes: number, width = 7) => (bytes / KB).toFixed(1).padStart(width);

/**
 * The page's gzip bytes by module (package, or the app's own file), when the build has source
 * maps (`NEXT_BROWSER_SOURCE_MAPS=1`): each script's gzip size shared out by its sources'
 * characters. Null without maps.
 */
async function gzipByModule(scripts: Script[]): Promise<Map<string, number> | null> {
  const totals = new Map<string, number>();
  let mapped = false;
  for (const script of scripts) {
    const mapUrl = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(script.text)?.[1];
    const response = mapUrl ? await fetch(new URL(mapUrl, script.url)) : null;
    if (!response?.ok) {
      totals.set(`(no source map) ${new URL(script.url).pathname}`, script.gzip);
      continue;
    }
    mapped = true;
    const sizes = bytesBySource(script.text, (await response.json()) as Parameters<typeof bytesBySource>[1]);
    for (const [source, chars] of sizes) {
      const name = moduleName(source);
      totals.set(name, (totals.get(name) ?? 0) + (script.gzip * chars) / Math.max(1, script.text.length));
    }
  }
  return mapped ? totals : null;
}

export async function benchWeight(targetKb: number): Promise<void> {
  console.log(`\nChromium · first-load JavaScript: every script file a page loads (cold cache, until the network is idle), each gzip -9, summed; KB = 1,024 bytes`);
  await withSignedInLearner("weight", async ({ app, browser, token, learner }) => {
    const firstDemo = loadDemoContent().videos[0]!.title;
    const video = (await api<{ id: number; title: string }[]>(app.baseURL, "/api/videos", { token })).find((v) => v.title === firstDemo);
    if (!video) throw new Error(`No video titled ${JSON.stringify(firstDemo)} on the bench server`);

    const pages = [
      { name: "landing", path: "/", state: undefined },
      { name: "home", path: "/home", state: learner },
      { name: "video", path: `/video/${video.id}`, state: learner },
      { name: "profile", path: "/profile", state: learner },
    ];
    const loaded: ((typeof pages)[number] & { scripts: Script[] })[] = [];
    for (const p of pages) loaded.push({ ...p, scripts: await scriptsOf(browser, app.baseURL, p.path, p.state) });
    // What every page loads (the framework and the root layout's code), apart from each page's own:
    // the part a page's code can change.
    const everywhere = new Set(loaded[0]!.scripts.map((s) => s.url).filter((url) => loaded.every((l) => l.scripts.some((s) => s.url === url))));
    console.log(
      `  ${"page".padEnd(8)} ${"path".padEnd(10)} ${"scripts".padStart(7)} ${"raw KB".padStart(8)} ${"gzip KB".padStart(8)} ${"shared".padStart(7)} ${"own".padStart(6)}  own ceiling   target       baseline`,
    );
    for (const p of loaded) {
      const { scripts } = p;
      const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
      const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
      const shared = scripts.filter((s) => everywhere.has(s.url)).reduce((sum, s) => sum + s.gzip, 0);
      const gzipKb = gzip / KB;
      const ownKb = (gzip - shared) / KB;
      const ceiling = OWN_CEILINGS_KB[p.name]!;
      verdicts.push({ engine: "Chromium", scenario: "weight", item: `${p.name} first-load JS`, p95: gzipKb, target: targetKb, unit: "KB gzip" });
      // "At most": the verdict's target is a hair above the ceiling (verdicts read "below target").
      verdicts.push({ engine: "Chromium", scenario: "weight", item: `${p.name} own JS`, p95: ownKb, target: ceiling + 0.05, unit: "KB gzip" });
      const base = BASELINE[p.name]!;
      console.log(
        `  ${p.name.padEnd(8)} ${p.path.padEnd(10)} ${String(scripts.length).padStart(7)} ${kb(raw, 8)} ${kb(gzip, 8)} ${kb(shared, 7)} ${ownKb.toFixed(2).padStart(6)}  ≤ ${String(ceiling).padStart(2)} KB ${ownKb <= ceiling + 0.05 ? "ok  " : "MISS"}  < ${targetKb} KB ${gzipKb < targetKb ? "ok  " : "MISS"}  ${base.kb.toFixed(1)} KB (${base.scripts} scripts)`,
      );
      if (process.env.BENCH_WEIGHT_DETAIL === "1") {
        for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
          console.log(`      ${kb(s.gzip)} KB gzip ${kb(s.raw)} KB raw  ${new URL(s.url).pathname}${everywhere.has(s.url) ? "  (every page)" : ""}`);
        }
        const modules = await gzipByModule(scripts);
        if (!modules) console.log("      (modules: build with NEXT_BROWSER_SOURCE_MAPS=1 to list them)");
        for (const [name, bytes] of [...(modules ?? [])].sort((a, b) => b[1] - a[1])) {
          if (bytes >= 0.3 * KB) console.log(`      ${kb(bytes)} KB gzip  ${name}`);
        }
      }
    }
    console.log("  shared: the scripts every page here loads (React, Next's client, the root layout); own: the rest, which the page's code decides");
    console.log(`  (${fmtInt(pages.length)} pages; BENCH_WEIGHT_DETAIL=1 lists each page's scripts, and with NEXT_BROWSER_SOURCE_MAPS=1 their modules)`);
  });
}
