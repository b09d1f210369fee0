/**
 * Playwright fixtures: `account`, a confirmed account that has not been onboarded; `learner`, a
 * confirmed and onboarded one (English speaker learning Spanish); `signedInPage`, a page signed in
 * as `learner` (its session cookie set from the auth server's answer), on its home screen.
 */
import { test as base, expect, type Page } from "@playwright/test";
import { confirmedAccount, onboard, type Account } from "./accounts";
import { signInWithCookie } from "./session-cookie";

type Fixtures = { account: Account; learner: Account; signedInPage: Page };

export const test = base.extend<Fixtures>({
  account: async ({ request }, use) => {
    await use(await confirmedAccount(request, { prefix: "account" }));
  },
  learner: async ({ request }, use) => {
    const learner = await confirmedAccount(request, { prefix: "learner" });
    await onboard(request, learner);
    await use(learner);
  },
  signedInPage: async ({ page, learner }, use) => {
    await signInWithCookie(page, learner);
    await use(page);
  },
});

export { expect };
