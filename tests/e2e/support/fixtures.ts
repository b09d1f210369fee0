/**
 * Playwright fixtures: `account`, a confirmed account that has not been onboarded; `learner`, a
 * confirmed and onboarded one (English speaker learning Spanish); `signedInPage`, a page signed in
 * as `learner` through the login screen, on its home screen.
 */
import { test as base, expect, type Page } from "@playwright/test";
import { confirmedAccount, onboard, type Account } from "./accounts";
import { LoginPage } from "./pages";

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
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(learner.email, learner.password);
    await expect(page).toHaveURL(/\/home$/);
    await use(page);
  },
});

export { expect };
