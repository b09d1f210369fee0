/**
 * Reminders from Settings: the learner picks the time (saved as it changes), sends a test
 * reminder and finds it in the dev mailbox with its one-click unsubscribe headers; the email's
 * unsubscribe link works signed out and Settings then shows email reminders off; with Enable
 * Notifications off the card says reminders are off.
 */
import { expectNoViolationsInBothThemes } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { chooseOption } from "./support/pages";

type Message = { subject: string; text: string; kind: string; links: string[]; headers?: Record<string, string> };

test("a learner sets the reminder time, gets a test reminder and unsubscribes from its link signed out", async ({ signedInPage: page, learner, browser, request }) => {
  await page.goto("/settings");
  const card = page.getByTestId("reminder-settings");
  const time = card.getByRole("combobox", { name: "Reminder time" });
  await expect(time).toHaveText("7:00 PM");
  await chooseOption(page, time, "8:30 AM");
  await expect(time).toHaveText("8:30 AM");
  await page.reload();
  await expect(page.getByTestId("reminder-settings").getByRole("combobox", { name: "Reminder time" })).toHaveText("8:30 AM");
  // Service workers are blocked in this browser (playwright.config.ts): no notifications here, and the card says so.
  await expect(card.getByTestId("push-device")).toHaveAttribute("data-state", "unsupported");
  await expect(card.getByRole("switch", { name: "Notifications on this device" })).toBeDisabled();
  await expectNoViolationsInBothThemes(page, "settings with reminders");

  await card.getByRole("button", { name: "Send a test reminder" }).click();
  await expect(page.getByText("Test reminder sent")).toBeVisible();
  let mail: Message | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(learner.email)}`)).json()) as { messages: Message[] };
      mail = messages.find((m) => m.kind === "reminder_test");
      return mail?.subject;
    })
    .toBe("Test reminder from LingoReel");
  expect(mail!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click", "List-Unsubscribe": expect.stringMatching(/^<http.*\/api\/reminders\/unsubscribe\?token=/) });
  const unsubscribeLink = mail!.links.find((link) => link.includes("/unsubscribe?token="))!;

  // The link, opened where nobody is signed in (a phone's mail app).
  const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const outside = await stranger.newPage();
  await outside.goto(new URL(unsubscribeLink).pathname + new URL(unsubscribeLink).search);
  await expect(outside.getByRole("heading", { name: "Stop reminder emails?" })).toBeVisible();
  await expectNoViolationsInBothThemes(outside, "unsubscribe");
  await outside.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(outside.getByRole("status")).toContainText("You're unsubscribed");
  // A link with its token cut off says so.
  await outside.goto("/unsubscribe?token=not-a-token");
  await outside.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(outside.getByRole("alert").filter({ hasText: "This unsubscribe link is not valid." })).toBeVisible();
  await expect(outside.getByRole("button", { name: "Unsubscribe" })).toBeDisabled();
  await stranger.close();

  await page.reload();
  await expect(card.getByRole("switch", { name: "Email reminders" })).toHaveAttribute("aria-checked", "false");
  await expect(card.getByRole("button", { name: "Send a test reminder" })).toBeDisabled();

  // Notifications off (saved with the form): the card says reminders are off.
  await page.getByRole("switch", { name: "Enable Notifications" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(card.getByRole("status")).toHaveText("Reminders are off. Turn on Enable Notifications above and save to get them.");
  await expect(time).toBeDisabled();
});
