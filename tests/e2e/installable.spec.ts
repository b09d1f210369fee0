/**
 * The installable app in Chromium: the manifest and its icons meet the browser's installability
 * criteria, the service worker controls the page, and with the network gone a page load shows the
 * offline page while the API fails rather than answering from a cache. (Pushed reminders:
 * push-notifications.spec.ts.)
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";

// The other specs block service workers (playwright.config.ts); this one is about them.
test.use({ serviceWorkers: "allow" });

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };

/** Width and height from a PNG's header (its IHDR chunk). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function expectIconsOfTheirSizes(page: Page, icons: ManifestIcon[]) {
  for (const purpose of ["any", "maskable"]) {
    const sizes = icons.filter((icon) => (icon.purpose ?? "any").split(" ").includes(purpose)).map((icon) => icon.sizes);
    expect(sizes, purpose).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  }
  for (const icon of icons) {
    const response = await page.request.get(icon.src);
    expect(response.headers()["content-type"], icon.src).toBe("image/png");
    expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
  }
}

/** The paths of every request stored in the page's Cache Storage. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const stored = await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)));
    return stored.flat();
  });

test("installs as an app, works offline as far as an offline page, never caches the API", async ({ page, context }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Start Learning" })).toBeVisible();

  // The manifest, as the browser reads it, and its icons.
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: "LingoReel", short_name: "LingoReel", start_url: "/home", display: "standalone", theme_color: expect.stringMatching(/^#/) });
  await expectIconsOfTheirSizes(page, manifest.icons);
  const themeColors = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => m.getAttribute("media")));
  expect(themeColors).toEqual(["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"]);

  // The worker installs after the page has loaded, and controls the page once it is reloaded.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/_next\/static\/service-worker\/sw\.js$/);
  const cdp = await context.newCDPSession(page);
  const manifestSeen = await cdp.send("Page.getAppManifest");
  expect(manifestSeen.errors).toEqual([]);
  expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
  // The reload's scripts were stored as they went through the worker (after answering the page).
  await expect.poll(() => cachedPaths(page).then((paths) => paths.some((path) => path.startsWith("/_next/static/chunks/")))).toBe(true);
  expect(await page.evaluate(() => fetch("/api/health").then((r) => r.status))).toBe(200);
  const cached = await cachedPaths(page);
  expect(cached).toContain("/offline.html");
  // Neither the API nor a page (a learner's own data) is ever stored.
  expect(cached.filter((path) => path.startsWith("/api/") || path.startsWith("/auth") || path === "/" || path === "/home")).toEqual([]);

  // Offline: the API fails (nothing answers from a cache); a page load gets the offline page.
  await context.setOffline(true);
  expect(await page.evaluate(() => fetch("/api/health").then((r) => r.status, () => "failed"))).toBe("failed");
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  await expectNoViolations(page, "offline page");

  // Trying again while still offline loads the offline page again; back online, the page asked
  // for opens (the landing screen, for a visitor). Playwright gives the worker its connection back
  // a moment after the page, so the page's own reload on "online" may still get the offline page.
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Try again" }).click()]);
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  await context.setOffline(false);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("button", { name: "Start Learning" })).toBeVisible({ timeout: 2_000 });
  }).toPass();
});
