/**
 * The interface in the reader's language: a visitor's from the browser, or the one they pick; a
 * learner's native language once onboarded, or the one they pick in Settings or the account menu.
 * Every expected word comes from the catalogues (messages/<language>.json), so the test checks
 * where the words come from, not one translation's wording.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { onboard } from "./support/accounts";
import { latestLink, uniqueEmail } from "./support/mailbox";
import { signInWithCookie } from "./support/session-cookie";

type Catalogue = Record<string, Record<string, string>>;
const words = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as Catalogue;
const en = words("en");
const fr = words("fr");
const de = words("de");
const ja = words("ja");

/**
 * No element sticks out past the viewport's right edge (a word too long for a phone), apart from
 * the content of a strip that scrolls sideways on purpose (the home screen's categories).
 */
async function expectNothingWiderThanTheScreen(page: Page, screen: string) {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inScroller = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (["auto", "scroll"].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    return [...document.querySelectorAll("body *")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return box.width > 0 && box.right > width + 1 && style.position !== "fixed" && !el.closest("[aria-hidden=true], .sr-only") && !inScroller(el);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? "").trim().slice(0, 40)}`);
  });
  expect(wide, `${screen}: elements wider than the screen`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), screen).toBe(true);
}

test.describe("a French browser", () => {
  test.use({ locale: "fr-FR" });

  test("gets the landing in French, and a visitor's pick of another language holds on the next visit", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page).toHaveTitle(fr.metadata!.title!);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(fr.landing!.headline!);
    await expect(page.getByRole("button", { name: fr.landing!.startLearning })).toBeVisible();
    await expect(page.getByRole("link", { name: fr.publicHeader!.login })).toBeVisible();
    // The form's message is French too.
    await page.getByRole("button", { name: fr.landing!.startLearning }).click();
    await expect(page.getByText(fr.validation!.invalidEmail!)).toBeVisible();
    await expectNoViolations(page, "landing in French");

    await page.getByLabel(fr.language!.picker!).selectOption("de");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("button", { name: de.landing!.startLearning })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: de.landing!.startLearning })).toBeVisible();
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: de.login!.title })).toBeVisible();
    await expect(page.getByRole("button", { name: de.login!.submit })).toBeVisible();
  });
});

/** A language's name in another (as the onboarding's choices say it). */
const nameIn = (reader: string, code: string) => new Intl.DisplayNames([reader], { type: "language" }).of(code)!;

/**
 * A visitor picks `locale` on the landing, signs up, gets the confirmation email in it, confirms,
 * and onboards (native `locale`, learning Spanish) in it, each screen no wider than a phone; ends on home.
 */
async function firstRun(page: Page, request: APIRequestContext, locale: "de" | "ja") {
  const t = words(locale);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await page.getByLabel(en.language!.picker!).selectOption(locale);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expectNothingWiderThanTheScreen(page, `landing in ${locale}`);

  const email = uniqueEmail(`first-run-${locale}`);
  await page.getByRole("link", { name: t.publicHeader!.getStarted }).click();
  await expect(page.getByRole("heading", { name: t.signup!.title })).toBeVisible();
  await page.getByLabel(t.signup!.firstName!).fill("Jonas");
  await page.getByLabel(t.signup!.lastName!).fill("Becker");
  await page.getByLabel(t.signup!.email!).fill(email);
  await page.getByLabel(t.signup!.password!, { exact: true }).fill("secret-123");
  await page.getByRole("button", { name: t.signup!.submit }).click();
  await expect(page.getByRole("heading", { name: t.thankYou!.title })).toBeVisible();
  await expectNothingWiderThanTheScreen(page, `thank you in ${locale}`);

  // The confirmation email is in that language as well.
  const mailbox = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { messages: { subject: string }[] };
  expect(mailbox.messages[0]?.subject).toBe(t.email!.signupSubject);
  await page.goto(await latestLink(request, email));
  await expect(page).toHaveURL(/\/onboarding$/);

  const onboarding = t.onboarding!;
  await expect(page.getByRole("heading", { name: onboarding.nativeTitle })).toBeVisible();
  await expect(page.getByText(onboarding.step!.replace("{step}", "1").replace("{total}", "3"))).toBeVisible();
  await expectNothingWiderThanTheScreen(page, `onboarding in ${locale}`);
  await page.getByRole("radio", { name: new RegExp(`^${nameIn(locale, locale)}`) }).click();
  await page.getByRole("button", { name: onboarding.next }).click();
  await expect(page.getByRole("heading", { name: onboarding.targetTitle })).toBeVisible();
  await page.getByRole("radio", { name: new RegExp(`^${nameIn(locale, "es")}`) }).click();
  await page.getByRole("button", { name: onboarding.next }).click();
  await page.getByRole("radio", { name: onboarding.minutesPerDay!.replace("{minutes}", "30") }).click();
  await page.getByRole("button", { name: onboarding.getStarted }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByRole("button", { name: t.header!.account })).toBeVisible();
  await expectNothingWiderThanTheScreen(page, `home in ${locale}`);
}

test("a German speaker signs up, confirms, and onboards in German; the app then speaks their native language, and Japanese once picked", async ({
  page,
  request,
}) => {
  await firstRun(page, request, "de");

  // Settings: Japanese at once, and after a reload.
  await page.goto("/settings");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.getByLabel(de.language!.picker!).selectOption("ja");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("button", { name: ja.header!.account })).toBeVisible();
  await expectNothingWiderThanTheScreen(page, "settings in Japanese");
  await expectNoViolations(page, "settings in Japanese");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByLabel(ja.language!.picker!)).toHaveValue("ja");

  // The account menu offers the languages too; back to following the native language from Settings.
  await page.getByRole("button", { name: ja.header!.account }).click();
  await page.getByRole("menuitem", { name: ja.accountMenu!.language }).click();
  await page.getByRole("menuitemradio", { name: /^English/ }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByLabel(en.language!.picker!).selectOption("");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

/**
 * Every learner screen in German and in Japanese on a phone: a video with its quiz, the review,
 * the saved words, settings and the profile; none is wider than the screen, and axe finds nothing
 * with the page's `lang`.
 */
for (const locale of ["de", "ja"] as const) {
  test(`a learner whose native language is ${locale === "de" ? "German" : "Japanese"} has every screen in it (the Japanese one from sign-up on), a video's quiz included, and none wider than a phone`, async ({
    page,
    request,
    account,
  }) => {
    const t = words(locale);
    const player = t.player as unknown as { controls: { play: string }; quiz: { question: string; options: string; correct: string; tryAgain: string; continue: string } };
    if (locale === "ja") {
      // The Japanese learner's whole first run goes through the screens (the German one's does above).
      await firstRun(page, request, locale);
    } else {
      await onboard(request, account, { nativeLanguage: locale, targetLanguage: "es", dailyGoal: 30 });
      await signInWithCookie(page, account);
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("/home");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expectNothingWiderThanTheScreen(page, `home in ${locale}`);
    }

    await page.getByTestId("popular-videos").getByRole("article").filter({ hasText: "Ordering Coffee in Madrid" }).getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: "Ordering Coffee in Madrid" })).toBeVisible();
    await expectNothingWiderThanTheScreen(page, `video in ${locale}`);
    await page.getByRole("button", { name: player.controls.play, exact: true }).click();
    const quiz = page.getByRole("dialog");
    await expect(quiz).toBeVisible({ timeout: 15_000 });
    await expect(quiz.getByText(player.quiz.question)).toBeVisible();
    await expect(quiz.getByRole("group", { name: player.quiz.options }).getByRole("button")).toHaveCount(4);
    await expectNothingWiderThanTheScreen(page, `quiz in ${locale}`);
    await expectNoViolations(page, `quiz in ${locale}`);
    await quiz.getByRole("group", { name: player.quiz.options }).getByRole("button").first().click();
    await expect(quiz.getByText(player.quiz.correct).or(quiz.getByText(player.quiz.tryAgain))).toBeVisible();
    await quiz.getByRole("button", { name: player.quiz.continue }).click();
    await expect(quiz).toHaveCount(0);

    for (const path of ["/review", "/saved", "/settings", "/profile"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("button", { name: t.header!.account })).toBeVisible();
      await expectNothingWiderThanTheScreen(page, `${path} in ${locale}`);
      await expectNoViolations(page, `${path} in ${locale}`);
    }
  });
}
