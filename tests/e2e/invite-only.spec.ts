/**
 * An invitation-only install (AUTH_DISABLE_SIGNUP=1 on this project's server): the landing and
 * sign-up screens say so, an owner invites a learner who accepts from the dev mailbox and lands in
 * onboarding, and a learner signs in with a code emailed to them instead of a password.
 */
import { AUTH_HEADERS } from "./support/accounts";
import { expectNoViolationsInBothThemes } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { latestCode, latestLink, uniqueEmail } from "./support/mailbox";
import { chooseOption, DEMO_LEARNER, DEMO_OWNER } from "./support/pages";
import { signInWithCookie } from "./support/session-cookie";

test("with sign-ups off, the landing and sign-up screens say the install is invitation-only", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByTestId("invite-only")).toContainText("This LingoReel is invitation-only: ask its owner for an invitation.");
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Get Started" })).toHaveCount(0);
  await page.getByTestId("invite-only").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Email me a sign-in code" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Account" })).toHaveCount(0);

  await page.goto("/signup");
  await expect(page.getByRole("heading", { level: 1, name: "Invitation only" })).toBeVisible();
  await expect(page.getByText("This LingoReel is invitation-only. Ask its owner for an invitation, or sign in if you already have an account.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Password" })).toHaveCount(0);
  await expectNoViolationsInBothThemes(page, "invitation-only sign-up");

  // The auth server refuses a sign-up made past the screens, as GoTrue does.
  const refused = await request.post("/auth/v1/signup", { headers: AUTH_HEADERS, data: { email: uniqueEmail("walk-in"), password: "secret-123" } });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toMatchObject({ code: "signup_disabled", message: "Signups not allowed for this instance" });
});

test("an owner invites a learner, who accepts from the emailed link, chooses a password and lands in onboarding", async ({ page, browser, request }) => {
  const email = uniqueEmail("invited");
  await signInWithCookie(page, DEMO_OWNER);
  await page.goto("/users");
  await page.getByRole("button", { name: "Invite people" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite people" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(email);
  await chooseOption(page, dialog.getByRole("combobox", { name: "Role" }), "Admin");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`${email} will get an email with a link to join.`)).toBeVisible();
  const row = page.getByTestId("invitation-row").filter({ hasText: email });
  await expect(row).toHaveAttribute("data-state", "pending");
  await expect(row).toContainText("Admin");
  await expectNoViolationsInBothThemes(page, "users with an open invitation");

  // The same address twice is refused beside the field.
  await page.getByRole("button", { name: "Invite people" }).click();
  await dialog.getByRole("textbox", { name: "Email" }).fill(email);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("This address has already been invited: resend its invitation instead.")).toBeVisible();
  await page.keyboard.press("Escape");

  const invitee = await browser.newContext();
  const invitedPage = await invitee.newPage();
  await invitedPage.goto(await latestLink(request, email));
  await expect(invitedPage).toHaveURL(/\/invitation/);
  await expect(invitedPage.getByRole("heading", { level: 1, name: "Welcome to LingoReel" })).toBeVisible();
  await expect(invitedPage.getByRole("button", { name: "Set password and continue" })).toBeVisible();
  await expectNoViolationsInBothThemes(invitedPage, "invitation");
  await invitedPage.getByLabel("Password", { exact: true }).fill("chosen-123");
  await invitedPage.getByLabel("Confirm password").fill("chosen-123");
  await invitedPage.getByRole("button", { name: "Set password and continue" }).click();
  await expect(invitedPage).toHaveURL(/\/onboarding$/);
  await invitee.close();

  await page.reload();
  await expect(page.getByTestId("invitation-row").filter({ hasText: email })).toHaveCount(0);
  const user = page.getByTestId("user-row").filter({ hasText: email });
  await expect(user.getByRole("combobox")).toHaveText("Admin");
  const signedIn = await request.post("/auth/v1/token?grant_type=password", { headers: AUTH_HEADERS, data: { email, password: "chosen-123" } });
  expect(signedIn.status()).toBe(200);
});

test("a learner signs in with a code emailed to them", async ({ page, request }) => {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill(DEMO_LEARNER.email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(`We sent a 6-digit code to ${DEMO_LEARNER.email}.`)).toBeVisible();
  await expectNoViolationsInBothThemes(page, "sign-in code");

  await page.getByRole("textbox", { name: "Sign-in code" }).fill("000000");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("That code is wrong or has expired.")).toBeVisible();

  const code = await latestCode(request, DEMO_LEARNER.email, /sign-in code/);
  await page.getByRole("textbox", { name: "Sign-in code" }).fill(code);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/home$/);
});
