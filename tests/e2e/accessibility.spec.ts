/** axe-core's WCAG 2 A/AA rules on each screen, in light and then dark mode on the same page load. */
import { expect, test } from "./support/fixtures";
import { latestLink, uniqueEmail } from "./support/mailbox";
import { DEMO_OWNER, SignupPage, transcriptLines } from "./support/pages";
import { signInWithCookie } from "./support/session-cookie";
import { expectNoViolationsInBothThemes } from "./support/axe";

// Several screens, each checked by axe in both themes: slow on a busy machine.
test.describe.configure({ timeout: 240_000 });

test("public screens", async ({ page }) => {
  for (const [path, ready] of [
    ["/", "Start Learning"],
    ["/login", "Sign In"],
    ["/signup", "Create Account"],
    ["/reset-password", "Forgot password?"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: ready })).toBeVisible();
    await expectNoViolationsInBothThemes(page, path);
  }
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { name: "Dev mailbox" })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/dev/mailbox");
});

test("first run: the resend countdown, and a confirmation opened in another browser", async ({ page, browser, baseURL, request }) => {
  const email = uniqueEmail("axe-first");
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.fill({ firstName: "Ada", lastName: "Axe", email, password: "secret-123" });
  await signup.submit();
  await page.getByRole("button", { name: "Resend Verification Email" }).click();
  await expect(page.getByTestId("resend-wait")).toBeVisible();
  // The toast saying so comes with the first toast's script, a moment after the countdown: checked
  // once it is in, with the pointer on it as a reader's would be (which holds it past its 4 s, so
  // it does not start fading out while the two themes are read).
  const sent = page.getByRole("listitem").filter({ hasText: "Email already sent" });
  await expect(sent).toBeVisible();
  await sent.hover();
  await expectNoViolationsInBothThemes(page, "/signup thank-you with the resend countdown");

  const other = await browser.newContext({ baseURL });
  try {
    const phone = await other.newPage();
    await phone.goto(await latestLink(request, email));
    await expect(phone.getByTestId("confirmed-elsewhere")).toBeVisible();
    await expectNoViolationsInBothThemes(phone, "/auth/callback confirmed in another browser");
  } finally {
    await other.close();
  }
});

test("onboarding", async ({ page, account }) => {
  await signInWithCookie(page, account, "/onboarding");
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/onboarding");
});

test("learner screens", async ({ signedInPage: page }) => {
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  await expect(page.getByTestId("popular-videos").getByRole("article").first()).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/home");

  await page.getByRole("button", { name: "Search videos" }).click();
  await page.getByRole("combobox", { name: "Search videos" }).fill("in");
  await expect(page.getByRole("listbox", { name: "Search results" }).getByRole("option").first()).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/home with search results");
  await page.getByRole("combobox", { name: "Search videos" }).press("Escape");

  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/home with the account menu");
  await page.keyboard.press("Escape");

  for (const [path, ready] of [
    ["/profile", "Profile Information"],
    ["/saved", "Saved Videos"],
    ["/settings", "Language Preferences"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await page.waitForLoadState("load");
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    await expectNoViolationsInBothThemes(page, path);
  }
});

test("video page and its quiz", async ({ signedInPage: page }) => {
  await page.getByTestId("popular-videos").getByRole("article").filter({ hasText: "Ordering Coffee in Madrid" }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Ordering Coffee in Madrid" })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/video");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible({ timeout: 15_000 });
  await expectNoViolationsInBothThemes(page, "/video with a quiz");
  // A wrong pick: the right answer shown beside it.
  const quiz = page.getByRole("dialog");
  const texts = await quiz.getByRole("group", { name: "Options" }).getByRole("button").allTextContents();
  await quiz.getByRole("group", { name: "Options" }).getByRole("button").nth(texts.findIndex((o) => !o.includes("coffee"))).click();
  await expect(quiz.locator('[data-correct="true"]')).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/video with a wrong answer");
  await quiz.getByRole("button", { name: "Continue" }).click();
  // The recap, from the last line on (día's quiz skipped).
  await transcriptLines(page).last().click();
  await expect(quiz.getByRole("heading", { name: "día" })).toBeVisible({ timeout: 15_000 });
  await quiz.getByRole("button", { name: "Skip" }).click();
  await expect(page.getByRole("dialog", { name: "Video complete" })).toBeVisible({ timeout: 15_000 });
  await expectNoViolationsInBothThemes(page, "/video recap");
});

test("video page on a phone: a caption with a word's meaning, its translation unfolded, and the shortcut list on a landscape phone", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId("popular-videos").getByRole("article").filter({ hasText: "Ordering Coffee in Madrid" }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Ordering Coffee in Madrid" })).toBeVisible();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByTestId("word-definition")).toHaveText("coffee", { timeout: 10_000 });
  await page.keyboard.press("k");
  await page.getByTestId("caption-translation-fold").click();
  await expect(page.getByTestId("caption-translation")).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/video captions at 375 px");
  await page.setViewportSize({ width: 844, height: 390 });
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/video shortcut list at 844×390");
});

test("settings with Security Settings", async ({ page }) => {
  await signInWithCookie(page, DEMO_OWNER, "/settings");
  await page.getByTestId("change-password").getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByTestId("two-factor").getByRole("button", { name: "Set up authenticator app" })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/settings (owner)");

  // The owner's segment editor, a line in edit mode, and its 'Update Translations' dialog.
  await page.goto("/home");
  await page.getByTestId("popular-videos").getByRole("article").filter({ hasText: "Ordering Coffee in Madrid" }).getByRole("link").click();
  await page.getByRole("button", { name: "Edit" }).click();
  const row = page.getByTestId("segment-row").first();
  await row.getByRole("button", { name: "Edit line 1" }).click();
  await row.getByText("Translations").click();
  await expectNoViolationsInBothThemes(page, "/video segment editor");
  await row.getByLabel("Text of line 1").fill("Buenos días, quisiera un café, por favor.");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/video 'Update Translations'");
  await page.getByRole("button", { name: "Cancel" }).click();
});
