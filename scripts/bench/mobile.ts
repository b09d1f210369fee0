/**
 * What a learner feels on a phone (issue 36): Lighthouse's mobile preset (a mid-range phone's
 * screen, slow 4G and a 4× slower CPU, simulated) against the production server on a temporary
 * database with the demo content, in Debian's Chromium. Pages: landing (a visitor's), home, a demo
 * video and /review with words due (the demo learner's). Each page is audited BENCH_MOBILE_RUNS
 * times (3), each in a browser of its own with a new profile (cold cache, the learner's session
 * cookies set before the load); the median of each figure is printed beside the goal: performance
 * ≥ 95, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1, and, for reading TBT on a busy machine, the same
 * blocking time counted from the main thread's own CPU time (lighthouse-audit.mjs).
 * BENCH_MOBILE_DETAIL=1 also names each page's LCP element and its longest main-thread tasks;
 * BENCH_MOBILE_REPORTS=dir keeps every report as JSON; BENCH_MOBILE_PAGES=home,video audits only
 * those pages.
 */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { loadDemoContent } from "@/db/seed";
import playwrightConfig from "@/playwright.config";
import { api, withSignedInLearner } from "./app-server";
import { envInt, verdicts } from "./util";

/** The issue's goals. */
export const MOBILE_GOALS = { score: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

type Figures = { score: number; lcp: number; tbt: number; cls: number; fcp: number; cpuTbt: number | null; lcpElement: string; longTasks: string[] };
type Cookie = { name: string; value: string };

/** Spanish words of the demo videos' lines, saved as "learning" so /review has cards due. */
const DUE_WORDS = ["leche", "café", "día", "querer", "mercado"];

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * One Lighthouse run of `url` in a new browser (a new profile: a cold cache) with `cookies` set
 * first, by lighthouse-audit.mjs in a node process of its own (see there why).
 */
function audit(url: string, cookies: Cookie[], reportFile: string | undefined): Promise<Figures> {
  // The browser tests' flags (no sandbox as root, no GPU, no background traffic).
  const flags = playwrightConfig.use?.launchOptions?.args ?? [];
  const child = spawn(process.execPath, [path.join("scripts", "bench", "lighthouse-audit.mjs")], { stdio: ["pipe", "pipe", "pipe"] });
  child.stdin.end(JSON.stringify({ url, cookies, chromium: CHROMIUM, flags, reportFile }));
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => {
      if (code === 0) resolve(JSON.parse(out.trim().split("\n").pop()!) as Figures);
      else reject(new Error(`Lighthouse on ${url} failed (exit ${code}):\n${err.slice(-2000)}`));
    }),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function benchMobile(): Promise<void> {
  const runs = Math.max(1, envInt("BENCH_MOBILE_RUNS", 3));
  const detail = process.env.BENCH_MOBILE_DETAIL === "1";
  const reports = process.env.BENCH_MOBILE_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  console.log(`\nLighthouse mobile (slow 4G, 4× CPU, simulated) in ${CHROMIUM}: median of ${runs} cold loads per page`);
  await withSignedInLearner("mobile", async ({ app, token, learner }) => {
    for (const lemma of DUE_WORDS) {
      await api(app.baseURL, "/api/words/status", { method: "PUT", token, body: JSON.stringify({ language: "es", lemma, status: "learning" }) });
    }
    const firstDemo = loadDemoContent().videos[0]!.title;
    const video = (await api<{ id: number; title: string }[]>(app.baseURL, "/api/videos", { token })).find((v) => v.title === firstDemo);
    if (!video) throw new Error(`No video titled ${JSON.stringify(firstDemo)} on the bench server`);
    const cookies: Cookie[] = (typeof learner === "object" ? learner?.cookies : undefined) ?? [];
    const only = process.env.BENCH_MOBILE_PAGES?.split(",").map((name) => name.trim());
    const pages = [
      { name: "landing", path: "/", cookies: [] as Cookie[] },
      { name: "home", path: "/home", cookies },
      { name: "video", path: `/video/${video.id}`, cookies },
      { name: "review", path: "/review", cookies },
    ].filter((p) => !only || only.includes(p.name));
    // One load of each first, unmeasured: the server's first render of a route is not what a learner waits for.
    for (const p of pages) await fetch(`${app.baseURL}${p.path}`, { headers: { cookie: p.cookies.map((c) => `${c.name}=${c.value}`).join("; ") } });

    const { score, lcpMs, tbtMs, cls } = MOBILE_GOALS;
    console.log(`  ${"page".padEnd(8)} ${"score".padStart(11)} ${"LCP".padStart(14)} ${"TBT".padStart(14)} ${"CLS".padStart(12)} ${"FCP".padStart(9)} ${"TBT (CPU)".padStart(10)}   runs (score)   load`);
    for (const p of pages) {
      const samples: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        const file = reports ? path.join(reports, `${p.name}-${i + 1}.json`) : undefined;
        samples.push(await audit(`${app.baseURL}${p.path}`, p.cookies, file));
      }
      const m = {
        score: median(samples.map((s) => s.score)),
        lcp: median(samples.map((s) => s.lcp)),
        tbt: median(samples.map((s) => s.tbt)),
        cls: median(samples.map((s) => s.cls)),
        fcp: median(samples.map((s) => s.fcp)),
        cpuTbt: samples.every((s) => s.cpuTbt !== null) ? median(samples.map((s) => s.cpuTbt!)) : null,
      };
      const mark = (ok: boolean) => (ok ? "ok" : "MISS");
      console.log(
        `  ${p.name.padEnd(8)} ${`${m.score} ≥ ${score}`.padStart(8)} ${mark(m.score >= score).padEnd(4)}${`${(m.lcp / 1000).toFixed(2)} s`.padStart(8)} ${mark(m.lcp <= lcpMs).padEnd(4)}${`${Math.round(m.tbt)} ms`.padStart(9)} ${mark(m.tbt <= tbtMs).padEnd(4)}${m.cls.toFixed(3).padStart(7)} ${mark(m.cls <= cls).padEnd(4)}${`${(m.fcp / 1000).toFixed(2)} s`.padStart(9)} ${(m.cpuTbt === null ? "?" : `${Math.round(m.cpuTbt)} ms`).padStart(10)}   ${samples.map((s) => s.score).join(" ")}   ${loadavg()[0]!.toFixed(1)}`,
      );
      if (detail) {
        for (const [i, s] of samples.entries()) {
          console.log(`      run ${i + 1}: LCP element ${s.lcpElement || "(none)"}`);
          for (const task of s.longTasks) console.log(`        long task ${task}`);
        }
      }
      // The summary's verdicts are "figure below target": the score's shortfall from 100 against the goal's.
      verdicts.push({ engine: "Lighthouse", scenario: "mobile", item: `${p.name} 100 − score`, p95: 100 - m.score, target: 100 - score + 1, unit: "points" });
      verdicts.push({ engine: "Lighthouse", scenario: "mobile", item: `${p.name} LCP`, p95: m.lcp, target: lcpMs + 1, unit: "ms" });
      verdicts.push({ engine: "Lighthouse", scenario: "mobile", item: `${p.name} TBT`, p95: m.tbt, target: tbtMs + 1, unit: "ms" });
      verdicts.push({ engine: "Lighthouse", scenario: "mobile", item: `${p.name} CLS`, p95: Math.round(m.cls * 1000), target: cls * 1000 + 1, unit: "/1000" });
    }
    console.log(
      `  (each figure the median of ${runs}; the score as Lighthouse 12 weighs FCP, SI, LCP, TBT and CLS; TBT (CPU): the same blocking time from the main thread's own CPU time, without the waits for a core that another process held; load: the 1-minute load average after the page's runs)`,
    );
  });
}
