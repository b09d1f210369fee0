/** Page objects for the auth screens. */
import { expect, type Locator, type Page } from "@playwright/test";

export class LoginPage {
  constructor(private readonly page: Page) {}
  async goto(path = "/login") {
    await this.page.goto(path);
    await expect(this.page.getByRole("button", { name: "Sign In" })).toBeVisible();
  }
  async signIn(email: string, password: string) {
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Sign In" }).click();
  }
}

export class SignupPage {
  constructor(private readonly page: Page) {}
  async goto(path = "/signup") {
    await this.page.goto(path);
    await expect(this.page.getByRole("button", { name: "Create Account" })).toBeVisible();
  }
  async fill(values: { firstName: string; lastName: string; email: string; password: string }) {
    await this.page.getByLabel("First name").fill(values.firstName);
    await this.page.getByLabel("Last name").fill(values.lastName);
    await this.page.getByLabel("Email").fill(values.email);
    await this.page.getByLabel("Password").fill(values.password);
  }
  async submit() {
    await this.page.getByRole("button", { name: "Create Account" }).click();
  }
}

export class OnboardingPage {
  constructor(private readonly page: Page) {}
  async complete(native: string, target: string, goal: string) {
    const next = this.page.getByRole("button", { name: "Next" });
    await expect(this.page.getByText("Step 1 of 3")).toBeVisible();
    await expect(next).toBeDisabled();
    await this.page.getByRole("radio", { name: new RegExp(native) }).click();
    await next.click();
    await expect(this.page.getByText("Step 2 of 3")).toBeVisible();
    await expect(next).toBeDisabled();
    await expect(this.page.getByRole("radio", { name: new RegExp(native) })).toHaveCount(0);
    await this.page.getByRole("radio", { name: new RegExp(target) }).click();
    await next.click();
    await expect(this.page.getByText("Step 3 of 3")).toBeVisible();
    await expect(this.page.getByRole("radio", { name: "30 minutes per day" })).toHaveAttribute("aria-checked", "true");
    await this.page.getByRole("radio", { name: goal }).click();
    await this.page.getByRole("button", { name: "Get Started" }).click();
  }
}

export const DEMO_LEARNER = { email: "learner@example.com", password: "lingoreel-learner" };
export const DEMO_OWNER = { email: "owner@example.com", password: "lingoreel-owner" };
export const DEMO_ADMIN = { email: "admin@example.com", password: "lingoreel-admin" };

/**
 * Notes whether `text` is ever on the page, however briefly (the email confirmation shows for
 * half a second before onboarding): a MutationObserver from the start of each document the page
 * loads, which sees every change, where a poll can miss a short-lived screen on a busy machine.
 * Call before navigating; `seen()` reads the note (client-side navigation keeps the document).
 */
export async function watchForText(page: Page, text: string): Promise<{ seen: () => Promise<boolean> }> {
  await page.addInitScript((wanted) => {
    const note = () => {
      if (document.documentElement?.textContent?.includes(wanted)) (window as unknown as { __textSeen?: boolean }).__textSeen = true;
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
  return { seen: () => page.evaluate(() => (window as unknown as { __textSeen?: boolean }).__textSeen === true) };
}

/**
 * Counts the animation frames the page asks for, from the start of each document it loads (call
 * before navigating); `framesAsked()` reads the count, to check nothing redraws the screen for nothing.
 */
export async function countAnimationFrames(page: Page): Promise<{ framesAsked: () => Promise<number> }> {
  await page.addInitScript(() => {
    const request = window.requestAnimationFrame.bind(window);
    const counted = window as unknown as { framesAsked: number };
    counted.framesAsked = 0;
    window.requestAnimationFrame = (callback) => {
      counted.framesAsked++;
      return request(callback);
    };
  });
  return { framesAsked: () => page.evaluate(() => (window as unknown as { framesAsked: number }).framesAsked) };
}

/** The transcript's lines, each found by its time button (it plays the line and carries aria-current). */
export function transcriptLines(page: Page) {
  return page.getByTestId("transcript").getByRole("button", { name: /^Play the line at / });
}

/**
 * Picks `option` from a Radix select: opens it with a click on `trigger`, then clicks the option
 * until the list closes. Radix ignores a release it may take for the end of the press that opened
 * the list, and on a busy machine it starts listening only after the list is on the screen: a
 * click landing in between is dropped (a person's second tap then chooses).
 */
export async function chooseOption(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  const listbox = page.getByRole("listbox");
  await expect(listbox).toBeVisible();
  await expect(async () => {
    if (!(await listbox.isVisible())) return;
    await listbox.getByRole("option", { name: option, exact: true }).click({ timeout: 2_000 });
    await expect(listbox).toBeHidden({ timeout: 1_000 });
  }).toPass();
  await expect(trigger).toContainText(option);
}
