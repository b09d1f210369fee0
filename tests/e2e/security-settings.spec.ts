/** Security Settings for admins and owners: the email and password forms, and two-factor sign-in with an authenticator app. */
import { Secret, TOTP } from "otpauth";
import { expect, test } from "./support/fixtures";
import { latestLink } from "./support/mailbox";
import { DEMO_ADMIN, LoginPage } from "./support/pages";
import { signInWithCookie } from "./support/session-cookie";

const TOTP_STEP_MS = 30_000;
/** Time left in a step to send its predecessor's code: the server takes one step either side of its own. */
const MARGIN_MS = 5_000;

/**
 * A code the server takes next. Each code works once (its 30-second step must come after the last
 * one accepted), and the server takes the step before its own, its own and the next: three codes
 * in one step are the previous, the current and the next one. The previous step's code is sent
 * only with time to spare before the step ends (else it waits for the next): a step boundary
 * passing on the way to the server would leave that code two steps behind, refused.
 */
async function nextCode(secret: string, lastStep?: number): Promise<{ code: string; step: number }> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / TOTP_STEP_MS);
    const step = Math.max(current - 1, (lastStep ?? -Infinity) + 1);
    const endsIn = (current + 1) * TOTP_STEP_MS - now;
    // Too late for the previous step's code, or every code the server takes now is spent: the next step.
    if ((step < current && endsIn < MARGIN_MS) || step > current + 1) {
      await new Promise((resolve) => setTimeout(resolve, endsIn + 100));
      continue;
    }
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: step * TOTP_STEP_MS });
    return { code, step };
  }
}

test.describe.configure({ mode: "serial" });

const TEMPORARY_PASSWORD = "admin-reset-2";

test("the email and password forms open, validate and close", async ({ page }) => {
  await signInWithCookie(page, DEMO_ADMIN, "/settings");
  await expect(page.getByText("Security Settings")).toBeVisible();

  const passwordArea = page.getByTestId("change-password");
  await passwordArea.getByRole("button", { name: "Change Password" }).click();
  const passwordForm = page.getByRole("form", { name: "Change Password" });
  await passwordForm.getByRole("button", { name: "Change Password" }).click();
  await expect(passwordForm.getByText("Current password is required")).toBeVisible();
  await expect(passwordForm.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(passwordForm.getByText("Confirm password is required")).toBeVisible();
  await passwordForm.getByLabel("Current password").fill("not-my-password");
  await passwordForm.getByLabel("New password", { exact: true }).fill("brand-new-1");
  await passwordForm.getByLabel("Confirm new password").fill("brand-new-2");
  await passwordForm.getByRole("button", { name: "Change Password" }).click();
  await expect(passwordForm.getByText("Passwords don't match")).toBeVisible();
  await passwordForm.getByLabel("Confirm new password").fill("brand-new-1");
  await passwordForm.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();
  await passwordForm.getByRole("button", { name: "Cancel" }).click();
  await expect(passwordForm).toHaveCount(0);

  await page.getByTestId("change-email").getByRole("button", { name: "Change Email" }).click();
  const emailForm = page.getByRole("form", { name: "Change Email" });
  await emailForm.getByLabel("Current password").fill(DEMO_ADMIN.password);
  await emailForm.getByLabel("New email").fill("not-an-address");
  await emailForm.getByRole("button", { name: "Change Email" }).click();
  await expect(emailForm.getByText("Invalid email address")).toBeVisible();
  await emailForm.getByRole("button", { name: "Cancel" }).click();
  await expect(emailForm).toHaveCount(0);
});

test("enrol an authenticator app, then sign in and reset the password with a code", async ({ page, request }) => {
  await signInWithCookie(page, DEMO_ADMIN, "/settings");

  const twoFactor = page.getByTestId("two-factor");
  await twoFactor.getByRole("button", { name: "Set up authenticator app" }).click();
  const qr = twoFactor.getByRole("img", { name: "QR code to scan with your authenticator app" });
  await expect(qr).toBeVisible();
  // The picture really draws (a broken data address leaves a zero-size image).
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await twoFactor.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await twoFactor.getByLabel("Authentication code").fill("000000");
  await twoFactor.getByRole("button", { name: "Verify and enable" }).click();
  await expect(twoFactor.getByRole("alert")).toBeVisible();
  const enrolled = await nextCode(secret);
  await twoFactor.getByLabel("Authentication code").fill(enrolled.code);
  await twoFactor.getByRole("button", { name: "Verify and enable" }).click();
  await expect(page.getByText("Two-factor sign-in enabled")).toBeVisible();
  await expect(twoFactor.getByRole("list", { name: "Authenticator apps" }).getByRole("listitem")).toHaveCount(1);

  let passwordChanged = false;
  try {
    // Sign out, then in: the password alone is not enough.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    // The admin's real sign-in through the form (the learner's is in auth.spec.ts, the owner's in segment-editor.spec.ts).
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const codeStep = page.getByTestId("mfa-step");
    await expect(codeStep.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
    // Until the code is given, signed-in pages send the browser back here, and the API refuses.
    await page.goto("/home");
    await expect(page).toHaveURL(/\/login\?return_to=%2Fhome$/);
    const refused = await page.evaluate(async () => (await fetch("/api/auth/user", { credentials: "include" })).status);
    expect(refused).toBe(401);

    await codeStep.getByLabel("Authentication code").fill("123");
    await codeStep.getByRole("button", { name: "Verify" }).click();
    await expect(codeStep.getByText("Enter the 6-digit code from your authenticator app")).toHaveCount(2);
    const signedIn = await nextCode(secret, enrolled.step);
    await codeStep.getByLabel("Authentication code").fill(signedIn.code);
    await codeStep.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    const claims = await page.evaluate(async () => (await fetch("/api/auth/user", { credentials: "include" })).status);
    expect(claims).toBe(200);

    // The password-reset screen asks for the code before a new password is set.
    await page.goto("/api/auth/logout");
    await login.goto();
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByRole("dialog").getByLabel("Email").fill(DEMO_ADMIN.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Password reset email sent")).toBeVisible();
    await page.goto(await latestLink(request, DEMO_ADMIN.email, /type=recovery/));
    const resetStep = page.getByTestId("mfa-step");
    await expect(resetStep.getByText("Enter the 6-digit code from your authenticator app to continue.")).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
    await resetStep.getByLabel("Authentication code").fill((await nextCode(secret, signedIn.step)).code);
    await resetStep.getByRole("button", { name: "Verify" }).click();
    await page.getByLabel("New password", { exact: true }).fill(TEMPORARY_PASSWORD);
    await page.getByLabel("Confirm new password").fill(TEMPORARY_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Password changed")).toBeVisible();
    passwordChanged = true;
    await expect(page).toHaveURL(/\/home$/);
  } finally {
    // Leave the demo admin as it was (this needs the aal2 session above): its password, then no authenticator.
    await page.goto("/settings");
    if (passwordChanged) {
      const restored = await page.evaluate(
        async ({ current, next }) =>
          (
            await fetch("/api/auth/change-password", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ currentPassword: current, newPassword: next, confirmPassword: next }),
            })
          ).status,
        { current: TEMPORARY_PASSWORD, next: DEMO_ADMIN.password },
      );
      expect(restored).toBe(200);
      await page.reload();
    }
    await page.getByTestId("two-factor").getByRole("button", { name: /^Remove/ }).click();
    await page.getByRole("alertdialog", { name: "Remove this authenticator?" }).getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByText("Authenticator removed")).toBeVisible();
  }
});
