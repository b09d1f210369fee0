#!/usr/bin/env node
/**
 * One Lighthouse run (mobile preset, performance only), for scripts/bench/mobile.ts. Plain
 * JavaScript run by node itself: Lighthouse sends its functions' source into the page, and tsx's
 * transform would name them with a helper the page lacks.
 *
 * Reads JSON from stdin: { url, cookies (Playwright's form), chromium, flags, reportFile? }. Starts
 * a browser with a new profile (a cold cache), sets the cookies, audits, and prints the figures as
 * one line of JSON: { score, lcp, tbt, cls, fcp, cpuTbt, lcpElement, longTasks } (ms; CLS unitless).
 */
import { writeFileSync } from "node:fs";
import { text } from "node:stream/consumers";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const { url, cookies, chromium, flags, reportFile } = JSON.parse(await text(process.stdin));

const chrome = await chromeLauncher.launch({ chromePath: chromium, chromeFlags: [...(chromium.includes("headless-shell") ? [] : ["--headless=new"]), ...flags], logLevel: "silent" });
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  if (cookies.length > 0) {
    await browser.setCookie(
      ...cookies.map(({ name, value, domain, path, httpOnly, secure, sameSite, expires }) => ({ name, value, domain, path, httpOnly, secure, sameSite, ...(expires > 0 ? { expires } : {}) })),
    );
  }
  // Storage is not reset: the profile is new, and a reset would sign the learner out.
  const result = await lighthouse(url, { onlyCategories: ["performance"], disableStorageReset: true, logLevel: "error", output: "json" }, undefined, page);
  await browser.disconnect();
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} went to ${lhr.finalDisplayedUrl}`);
  if (reportFile) writeFileSync(reportFile, typeof result.report === "string" ? result.report : JSON.stringify(lhr));
  const figure = (id) => lhr.audits[id]?.numericValue ?? null;
  // The LCP element's selector and snippet: somewhere in the audit's details (tables in Lighthouse 12).
  const lcpDetails = JSON.stringify(lhr.audits["largest-contentful-paint-element"]?.details ?? {});
  const selector = /"selector":"((?:[^"\\]|\\.)*)"/.exec(lcpDetails)?.[1] ?? "";
  const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(lcpDetails)?.[1] ?? "";
  const tasks = lhr.audits["long-tasks"]?.details?.items ?? [];
  // The same blocking time counted from the page's own main-thread CPU time (each task's thread
  // time, not its wall time) × the preset's CPU slowdown, from FCP on: what the page itself costs,
  // without the time the thread waited for a core that another process (the server, the browser's
  // other threads) held. Lighthouse's TBT counts wall time, so on a busy machine it counts both.
  const events = result.artifacts.Trace?.traceEvents ?? [];
  const fcpEvent = events.find((e) => e.name === "firstContentfulPaint");
  const slowdown = lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 4;
  const cpuTbt = fcpEvent
    ? events
        .filter((e) => e.name === "RunTask" && e.ph === "X" && e.pid === fcpEvent.pid && e.tid === fcpEvent.tid && e.ts >= fcpEvent.ts)
        .reduce((sum, e) => sum + Math.max(0, (slowdown * (e.tdur ?? e.dur)) / 1000 - 50), 0)
    : null;
  const path = (u) => (u && URL.canParse(u) ? new URL(u).pathname : (u ?? ""));
  const figures = {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: figure("largest-contentful-paint"),
    tbt: figure("total-blocking-time"),
    cls: figure("cumulative-layout-shift"),
    fcp: figure("first-contentful-paint"),
    cpuTbt,
    lcpElement: `${selector} ${snippet.slice(0, 120)}`.trim(),
    longTasks: tasks.slice(0, 5).map((t) => `${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} ms ${path(t.url)}`),
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} finally {
  chrome.kill();
}
