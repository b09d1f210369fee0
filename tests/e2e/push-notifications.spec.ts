/**
 * A reminder pushed to the installed app (what lib/reminders/push.ts sends, handed to the service
 * worker through the DevTools protocol as the browser's push service would): it shows as one
 * notification that names what is due and keeps the page a tap opens, on this site only.
 *
 * The end of a learner's first review session offers reminders on this device, once.
 *
 * Chromium's headless shell has no notification platform (showing one crashes its renderer), so
 * this file runs in the full browser, headless.
 */
import { LearnerApi } from "./support/api";
import { expectNoViolationsInBothThemes } from "./support/axe";
import { CHROMIUM_ARGS } from "./support/browser";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

test.use({ serviceWorkers: "allow", launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS } });

/**
 * The browser's push service, as a function: delivers `data` to the worker controlling `page`'s
 * site through the DevTools protocol (what the push service does once lib/reminders/push.ts sent it).
 */
async function pushService(page: Page, baseURL: string) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registered;
  return (data: unknown) => cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL, registrationId, data: JSON.stringify(data) });
}

/** What lib/reminders/push.ts sends for two words due. */
const REMINDER = { title: "2 words are due for review", body: "2 words are due for review. A few minutes now keeps them fresh.", url: "/review", badge: 2 };

/**
 * Space shows the card's answer and 3 grades it Good. The card is in the page as served, and the
 * keys work once the page has hydrated: Space is pressed until the answer shows, so a press that
 * came before is not lost.
 */
async function revealAndGrade(page: Page) {
  const answer = page.getByRole("region", { name: "Review" }).getByTestId("review-answer");
  await expect(async () => {
    await page.keyboard.press("Space");
    await expect(answer).toBeVisible({ timeout: 500 });
  }).toPass();
  await page.keyboard.press("3");
}

test("a reminder pushed to the app shows as a notification that names what is due", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await page.goto("/");
  const push = await pushService(page, baseURL!);
  await push(REMINDER);
  const shown = () =>
    page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })));
  await expect.poll(shown).toEqual([{ title: REMINDER.title, body: REMINDER.body, tag: "reminder", data: { url: "/review" } }]);
  // A newer reminder replaces it (one tag), and a message that is not one opens home, never another site.
  await push({ ...REMINDER, url: "https://evil.example/" });
  await expect.poll(async () => (await shown()).map((n) => n.data)).toEqual([{ url: "/home" }]);
});

/** The worker's global scope, with what this file keeps on it. */
type WorkerScope = ServiceWorkerGlobalScope & { appBadge?: number };

test("the reminder sets the app's badge to the due count, and a tap on it takes the open window to the review", async ({ signedInPage: page, context, baseURL }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  // On the home screen, in a window the worker controls (navigate() moves only those).
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe("activated");
  const worker = context.serviceWorkers().find((w) => w.url().includes("/_next/static/service-worker/")) ?? (await context.waitForEvent("serviceworker"));

  // The badge: headless Chromium has no installed app to show it on, so the worker's setAppBadge
  // is replaced by one that keeps the count it is given.
  await worker.evaluate(() => {
    const scope = self as unknown as WorkerScope;
    Object.defineProperty(scope.navigator, "setAppBadge", {
      configurable: true,
      value: (count?: number) => {
        scope.appBadge = count;
        return Promise.resolve();
      },
    });
  });
  const push = await pushService(page, baseURL!);
  await push(REMINDER);
  await expect.poll(() => worker.evaluate(() => (self as unknown as WorkerScope).appBadge)).toBe(2);
  await expect.poll(() => worker.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications()).length)).toBe(1);

  // The tap. Chromium has no way to click a notification from DevTools, so the worker is handed a
  // notificationclick for the notification it shows, as the browser would on a tap, and its own
  // listener does the rest. Built by a script, the event is untrusted: its waitUntil throws (after
  // the listener has started the work) and the browser refuses to focus a window for it, so what
  // this shows is the window moved to the page with the focus refused; a focus allowed is in
  // tests/unit/sw-push.test.ts.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: notification! }));
  });
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole("region", { name: "Review" })).toBeVisible();
  // The notification is gone once tapped.
  expect(await worker.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications()).length)).toBe(0);
});

test("the end of a first review session offers reminders on this device, once", async ({ signedInPage: page, context, baseURL, learner, request }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  const api = await LearnerApi.signIn(request, learner);
  await api.setWordStatus("es", "leche", "learning");
  await page.goto("/review");
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Not before the session: the page never asks on load.
  await expect(page.getByTestId("reminder-offer")).toHaveCount(0);
  const region = page.getByRole("region", { name: "Review" });
  await expect(region.locator("[data-due-count]")).toHaveAttribute("data-due-count", "1");
  await revealAndGrade(page);
  await expect(region.getByTestId("review-empty")).toContainText("No words due.");
  const offer = page.getByTestId("reminder-offer");
  await expect(offer).toContainText("Want a nudge when words are due?");
  await expectNoViolationsInBothThemes(page, "the reminder offer");
  await offer.getByRole("button", { name: "Not now" }).click();
  await expect(offer).toHaveCount(0);

  // The next session's end does not ask again.
  await api.setWordStatus("es", "agua", "learning");
  await page.reload();
  await expect(region.locator("[data-due-count]")).toHaveAttribute("data-due-count", "1");
  await revealAndGrade(page);
  await expect(region.getByTestId("review-empty")).toBeVisible();
  await expect(page.getByTestId("reminder-offer")).toHaveCount(0);
});

// The browser's own push service (Google's, for Chromium) is out of reach here, so subscribing fails
// and the offer says so; storing a subscription and pushing to it are tested against a push-service
// stand-in in tests/integration/reminders-push.test.ts.
test("the offer's button asks for the permission from the click, and says when this device cannot take reminders", async ({ signedInPage: page, context, baseURL, learner, request }) => {
  await context.grantPermissions(["notifications"], { origin: baseURL });
  // Counts the permission requests, passing each on to the browser.
  await page.addInitScript(() => {
    const ask = Notification.requestPermission.bind(Notification);
    (window as unknown as { asked: number }).asked = 0;
    Notification.requestPermission = () => {
      (window as unknown as { asked: number }).asked++;
      return ask();
    };
  });
  await (await LearnerApi.signIn(request, learner)).setWordStatus("es", "leche", "learning");
  await page.goto("/review");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await revealAndGrade(page);
  const offer = page.getByTestId("reminder-offer");
  await expect(offer).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
  await offer.getByRole("button", { name: "Turn on reminders" }).click();
  await expect(offer).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
  await expect(page.getByText("Reminders could not be turned on for this device.", { exact: true })).toBeVisible();
});
