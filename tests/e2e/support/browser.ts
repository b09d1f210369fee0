/** The flags every Chromium the tests launch gets (playwright.config.ts, and specs that pick their own browser). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
