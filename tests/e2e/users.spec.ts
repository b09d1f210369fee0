/**
 * The owner's Users screen: role changes, deletion with a confirm, confirming an email address,
 * the own-row rules, and that nobody else gets it.
 */
import type { Page } from "@playwright/test";
import { confirmedAccount, onboard, signIn, signUp, type Account } from "./support/accounts";
import { uniqueEmail } from "./support/mailbox";
import { expect, test } from "./support/fixtures";
import { DEMO_ADMIN, DEMO_OWNER } from "./support/pages";
import { signInWithCookie } from "./support/session-cookie";
import { expectNoViolationsInBothThemes } from "./support/axe";

async function openUsers(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(page.getByTestId("user-row-skeleton")).toHaveCount(0);
}

const rowOf = (page: Page, account: Pick<Account, "email">) => page.getByTestId("user-row").filter({ hasText: account.email });

async function member(request: Parameters<typeof confirmedAccount>[0], prefix: string): Promise<Account> {
  const account = await confirmedAccount(request, { prefix, firstName: "Rita", lastName: prefix });
  await onboard(request, account);
  return account;
}

test("the owner confirms the email of someone whose confirmation email cannot reach them", async ({ page, request }) => {
  const pending = { email: uniqueEmail("pending"), password: "secret-123" };
  await signUp(request, pending.email, pending.password, { first_name: "Una", last_name: "Pending" });
  expect((await signIn(request, pending.email, pending.password)).status()).toBe(400);
  await signInWithCookie(page, DEMO_OWNER);
  await openUsers(page);

  const row = rowOf(page, pending);
  await expect(row.getByTestId("user-name")).toHaveText("Una Pending");
  await expect(row.getByTestId("user-unconfirmed")).toHaveText("Unconfirmed");
  // Never signed in: no role to change yet.
  await expect(row.getByRole("combobox", { name: "Role of Una Pending" })).toBeDisabled();
  await row.getByRole("button", { name: "Confirm email of Una Pending" }).click();
  await expect(page.getByText("Email Confirmed")).toBeVisible();
  await expect(page.getByText(`${pending.email} can now sign in.`)).toBeVisible();
  await expect(row.getByTestId("user-unconfirmed")).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Confirm email of Una Pending" })).toHaveCount(0);
  expect((await signIn(request, pending.email, pending.password)).status()).toBe(200);
  await page.reload();
  await expect(rowOf(page, pending).getByTestId("user-unconfirmed")).toHaveCount(0);
});

test("the owner changes a person's role, and deletes a person after confirming", async ({ page, request }) => {
  const promoted = await member(request, "promoted");
  const doomed = await member(request, "doomed");
  await signInWithCookie(page, DEMO_OWNER);
  await openUsers(page);

  // Newest accounts first: the two just made are on the first rows.
  const row = rowOf(page, promoted);
  await expect(row.getByTestId("user-name")).toHaveText("Rita promoted");
  const role = row.getByRole("combobox", { name: "Role of Rita promoted" });
  await expect(role).toHaveText("User");
  await role.click();
  await page.getByRole("option", { name: "Admin" }).click();
  await expect(page.getByText("Role Updated")).toBeVisible();
  await expect(page.getByText(`${promoted.email} is now an admin.`)).toBeVisible();
  await expect(role).toHaveText("Admin");
  await page.reload();
  await expect(rowOf(page, promoted).getByRole("combobox")).toHaveText("Admin");

  // Cancelling the styled confirm keeps the person; confirming deletes them. No native box is used.
  const doomedRow = rowOf(page, doomed);
  const nativeDialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    nativeDialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await doomedRow.getByRole("button", { name: "Delete Rita doomed" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Rita doomed?" });
  await expect(confirm).toContainText(doomed.email);
  await expect(confirm).toContainText("This cannot be undone.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(doomedRow).toBeVisible();

  await doomedRow.getByRole("button", { name: "Delete Rita doomed" }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText("User Deleted")).toBeVisible();
  await expect(doomedRow).toHaveCount(0);
  await page.reload();
  await expect(rowOf(page, promoted)).toBeVisible();
  await expect(rowOf(page, doomed)).toHaveCount(0);
  // Their account is gone: they cannot sign in again.
  expect((await signIn(request, doomed.email, doomed.password)).status()).toBe(400);
  expect(nativeDialogs).toEqual([]);
});

test("on their own row the owner keeps the owner role and has no delete button", async ({ page }) => {
  await signInWithCookie(page, DEMO_OWNER);
  await openUsers(page);
  const own = rowOf(page, DEMO_OWNER);
  await expect(own.getByText("You", { exact: true })).toBeVisible();
  await expect(own.getByRole("button", { name: /^Delete/ })).toHaveCount(0);

  const patches: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PATCH") patches.push(r.url());
  });
  const role = own.getByRole("combobox");
  await expect(role).toHaveText("Owner");
  await role.click();
  // The other roles are offered but off, with the reason beside them.
  await expect(page.getByRole("option", { name: "User" })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("option", { name: "Admin" })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("option", { name: "Owner" })).not.toHaveAttribute("aria-disabled", "true");
  await expect(page.getByTestId("own-role-reason")).toHaveText("You cannot remove your own owner privileges.");
  await page.getByRole("option", { name: "User" }).click({ force: true });
  await page.keyboard.press("Escape");
  await expect(role).toHaveText("Owner");
  expect(patches).toEqual([]);
});

test("a learner has no Users entry and is sent away from /users", async ({ signedInPage: page }) => {
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Users" })).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.goto("/users");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toHaveCount(0);
  expect((await page.request.get("/api/admin/users")).status()).toBe(403);
});

test("an admin has Admin Panel but no Users entry, and is sent away from /users", async ({ page }) => {
  await signInWithCookie(page, DEMO_ADMIN);
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
  await expect(page.getByRole("menuitem", { name: "Users" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.goto("/users");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toHaveCount(0);
});

test("fits a phone: no sideways scrolling, the role and delete controls in reach", async ({ page, request }) => {
  const someone = await member(request, "phone");
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWithCookie(page, DEMO_OWNER);
  await page.goto("/users");
  const row = rowOf(page, someone);
  await expect(row.getByRole("combobox")).toBeInViewport();
  await expect(row.getByRole("button", { name: "Delete Rita phone" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("the Users screen passes axe's WCAG 2 A/AA checks in light and dark mode", async ({ page }) => {
  await signInWithCookie(page, DEMO_OWNER, "/users");
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await page.waitForLoadState("load");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expectNoViolationsInBothThemes(page, "/users");

  // The delete confirmation.
  const other = page.getByTestId("user-row").filter({ hasNotText: DEMO_OWNER.email }).first();
  await other.getByRole("button", { name: /^Delete/ }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/users delete confirmation");
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
});
