/**
 * A reminder pushed to the installed app (what lib/reminders/push.ts sends, handed to the service
 * worker through the DevTools protocol as the browser's push service would): it shows as one
 * notification that names what is due and keeps the page a tap opens, on this site only.
 *
 * Chromium's headless shell has no notification platform (showing one crashes its renderer), so
 * this file runs in the full browser, headless.
 */
import { expect, test } from "@playwright/test";
import { CHROMIUM_ARGS } from "./support/browser";

test.use({ serviceWorkers: "allow", launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS } });

test("a reminder pushed to the app shows as a notification that names what is due", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registered;
  // What lib/reminders/push.ts sends, as the browser's push service hands it to the worker.
  const reminder = { title: "2 words are due for review", body: "2 words are due for review. A few minutes now keeps them fresh.", url: "/review", badge: 2 };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL!, registrationId, data: JSON.stringify(reminder) });
  const shown = () =>
    page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })));
  await expect.poll(shown).toEqual([{ title: reminder.title, body: reminder.body, tag: "reminder", data: { url: "/review" } }]);
  // A newer reminder replaces it (one tag), and a message that is not one opens home, never another site.
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL!, registrationId, data: JSON.stringify({ ...reminder, url: "https://evil.example/" }) });
  await expect.poll(async () => (await shown()).map((n) => n.data)).toEqual([{ url: "/home" }]);
});
