import { expect, test } from "./support/fixtures";
import { latestLink, uniqueEmail } from "./support/mailbox";
import { DEMO_LEARNER, LoginPage, OnboardingPage, SignupPage, watchForText } from "./support/pages";
import { addSessionCookie } from "./support/session-cookie";
import { session, signIn } from "./support/accounts";

const CONFIRMED = "Success! Your email has been confirmed. Welcome!";

test.describe("signup", () => {
  test("sign up, confirm from the mailbox, onboard and reach home", async ({ page, request }) => {
    const email = uniqueEmail("new-learner");
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.fill({ firstName: "Marta", lastName: "Kowalska", email, password: "secret-123" });
    await signup.submit();

    const thankYou = page.getByTestId("thank-you");
    await expect(thankYou).toBeVisible();
    await expect(thankYou).toContainText(email);
    await expect(page.getByRole("button", { name: "Resend Verification Email" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Already confirmed? Sign in" })).toBeVisible();

    const link = await latestLink(request, email);
    // Shown for half a second before onboarding: noted in the page rather than polled for.
    const confirmed = await watchForText(page, CONFIRMED);
    await page.goto(link);
    await expect(page).toHaveURL(/\/onboarding$/);
    expect(await confirmed.seen()).toBe(true);

    await new OnboardingPage(page).complete("English", "Spanish", "60 minutes per day");
    await expect(page.getByText("Profile updated!")).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { name: "Welcome, Marta!" })).toBeVisible();
    await expect(page.getByText("Keep it up!")).toBeVisible();

    // The app remembers the choices.
    const settings = await page.evaluate(async () => (await fetch("/api/auth/user", { credentials: "include" })).json());
    expect(settings).toMatchObject({ nativeLanguage: "en", targetLanguage: "es", dailyGoal: 60, role: "user", firstName: "Marta" });
  });

  test("resend right after sign-up says when it can send again, and the first link still signs in", async ({ page, request }) => {
    const email = uniqueEmail("resender");
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.fill({ firstName: "Tom", lastName: "Berg", email, password: "secret-123" });
    await signup.submit();
    await expect(page.getByTestId("thank-you")).toBeVisible();
    const firstLink = await latestLink(request, email);
    const resend = page.getByRole("button", { name: "Resend Verification Email" });
    await resend.click();
    // Within a minute of the first email the auth server refuses, like GoTrue does: the page says
    // how long is left, counting down, and offers the button again only then.
    await expect(page.getByText("Email already sent")).toBeVisible();
    const wait = page.getByTestId("resend-wait");
    await expect(wait).toHaveText(/^The email was sent moments ago\. You can send another in \d+ seconds?\.$/);
    const left = async () => Number(/in (\d+) second/.exec((await wait.textContent()) ?? "")?.[1]);
    const first = await left();
    expect(first).toBeGreaterThan(1);
    expect(first).toBeLessThanOrEqual(60);
    await expect(resend).toBeDisabled();
    await expect.poll(left, { timeout: 5_000 }).toBeLessThan(first);
    await expect(page.getByText("Failed to resend verification email. Please try again.")).toHaveCount(0);

    // The refused resend left this browser's verifier alone: the link already sent signs it in.
    await page.goto(firstLink);
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test("a confirmation link opened in another browser confirms and offers sign-in", async ({ page, browser, baseURL, request }) => {
    const email = uniqueEmail("elsewhere");
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.fill({ firstName: "Quinn", lastName: "Else", email, password: "secret-123" });
    await signup.submit();
    await expect(page.getByTestId("thank-you")).toBeVisible();

    const other = await browser.newContext({ baseURL });
    try {
      const phone = await other.newPage();
      await phone.goto(await latestLink(request, email));
      const confirmed = phone.getByTestId("confirmed-elsewhere");
      await expect(confirmed.getByRole("heading", { name: "Your email has been confirmed" })).toBeVisible();
      await expect(phone.getByText("Authentication Error")).toHaveCount(0);
      // Nobody is signed in there: the link alone is no proof of who holds it.
      await expect(phone).toHaveURL(/\/auth\/callback/);
      expect((await other.cookies()).filter((c) => c.name.startsWith("sb-lingoreel-auth-token") && !c.name.endsWith("code-verifier"))).toEqual([]);
      await confirmed.getByRole("link", { name: "Sign in" }).click();
      await expect(phone).toHaveURL(/\/login$/);
      await expect(phone.getByRole("button", { name: "Sign In" })).toBeVisible();
      // The address is confirmed: its password signs in (the login form's own test signs in through it).
      await session(request, email, "secret-123");
    } finally {
      await other.close();
    }
  });

  test("a made-up code on the confirmation page is still an authentication error", async ({ page }) => {
    await page.goto("/auth/callback?code=made-up-code");
    await expect(page.getByText("Authentication Error")).toBeVisible();
    await expect(page.getByText("Your email has been confirmed")).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test("shows the validation messages", async ({ page }) => {
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.submit();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Last name is required")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  });

  test("an existing confirmed email cannot sign in with a wrong password", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO_LEARNER.email, "wrong-password");
    await expect(page.getByText("Login failed")).toBeVisible();
    await expect(page.getByText("Invalid login credentials")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("login and logout", () => {
  test("validation messages", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn("nope", "123");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  });

  test("sign in, see home, sign out from the avatar menu", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO_LEARNER.email, DEMO_LEARNER.password);
    await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();
    await expect(page.getByText("You've successfully signed in.")).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { name: /^Welcome( back)?, Lena!$/ })).toBeVisible();

    // Signed in: the landing and auth screens send you home (the server's redirect, read with the
    // browser's own cookies rather than by loading home six times).
    for (const path of ["/", "/login", "/signup", "/register", "/auth", "/landing"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect([response.status(), new URL(response.headers().location ?? "", page.url()).pathname], path).toEqual([307, "/home"]);
    }

    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Users" })).toHaveCount(0);
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
    await expect(page.getByText("You've been successfully signed out.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/home");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the account menu opens from the keyboard, gives focus back on Escape, and signs out", async ({ signedInPage: page }) => {
    const button = page.getByRole("button", { name: "Account menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menuitem", { name: "Profile" })).toHaveCount(0);
    await expect(button).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await page.getByRole("menuitem", { name: "Logout" }).press("Enter");
    await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the server-side logout address signs out", async ({ signedInPage: page }) => {
    await page.goto("/api/auth/logout");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("the login address sends you back where you were going", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?return_to=%2Fadmin$/);
    const login = new LoginPage(page);
    await login.signIn(DEMO_LEARNER.email, DEMO_LEARNER.password);
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test("route table for visitors: signed-in screens show the landing screen or go through the login address", async ({ page }) => {
  for (const path of ["/home", "/profile", "/saved", "/settings", "/users"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Start Learning" }), path).toBeVisible();
  }
  for (const path of ["/admin", "/video/1", "/onboarding"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`/login\\?return_to=${encodeURIComponent(path)}$`));
  }
});

test("a signed-in user without languages is sent to onboarding", async ({ page, account }) => {
  await addSessionCookie(page.context(), account);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/onboarding$/);
});

test.describe("email callback errors", () => {
  test("an expired link says so and goes to the landing page", async ({ page }) => {
    await page.goto("/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired");
    await expect(page.getByText("Email Verification Failed")).toBeVisible();
    await expect(page.getByText("Email verification link has expired. Please request a new verification email.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("another error shows its decoded description", async ({ page }) => {
    await page.goto("/l#error=server_error&error_description=Something+went+wrong");
    await expect(page.getByText("Something went wrong")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("no error, no session and no tokens is an authentication error", async ({ page }) => {
    const response = await page.goto("/auth/callback");
    // The page opens saying it is confirming (as served: on a fast machine the check, 0.1 s later,
    // has failed and left the page before a look at the screen could see that state).
    expect(await response!.text()).toContain("Confirming your email...");
    await expect(page.getByText("Authentication Error")).toBeVisible();
    await expect(page.getByText("Failed to complete authentication")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("tokens in the fragment (implicit flow) start a session", async ({ page, request, baseURL }) => {
    const email = uniqueEmail("implicit");
    const redirect = encodeURIComponent(`${baseURL}/auth/callback`);
    const signup = await request.post(`/auth/v1/signup?redirect_to=${redirect}`, {
      headers: { apikey: "anon" },
      data: { email, password: "secret-123", data: { first_name: "Imma" } },
    });
    expect(signup.ok()).toBeTruthy();
    // Confirm through the link without a PKCE verifier: the auth server answers with fragment tokens.
    const link = await latestLink(request, email);
    const verify = await request.get(link, { maxRedirects: 0 });
    expect(verify.status()).toBe(303);
    const location = verify.headers().location!;
    expect(location).toContain("#access_token=");
    const confirmed = await watchForText(page, CONFIRMED);
    await page.goto(location);
    await expect(page).toHaveURL(/\/onboarding$/);
    expect(await confirmed.seen()).toBe(true);
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
  });

  test("a used link is refused by the auth server", async ({ page, request }) => {
    const email = uniqueEmail("twice");
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.fill({ firstName: "Jo", lastName: "Twice", email, password: "secret-123" });
    await signup.submit();
    const link = await latestLink(request, email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByText("Email Verification Failed")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("password reset by email", async ({ page, request, learner }) => {
  const email = learner.email;
  const login = new LoginPage(page);
  await login.goto();
  // A half-filled login form must not be submitted along with the reset request.
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByRole("dialog").getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Password reset email sent")).toBeVisible();
  await expect(page.getByText("Check your email for password reset instructions.")).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByText("Login failed")).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(await latestLink(request, email, /type=recovery/));
  await expect(page).toHaveURL(/\/reset-password/);
  await page.getByLabel("New password", { exact: true }).fill("new-secret");
  await page.getByLabel("Confirm new password").fill("different");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill("new-secret");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  // The new password signs in and the old one no longer does (the login form's own test signs in through it).
  await session(request, email, "new-secret");
  expect((await signIn(request, email, learner.password)).status()).toBe(400);
});

test("a reset link opened in another browser says why it cannot be used there and offers one for that browser", async ({ page, browser, baseURL, request, learner }) => {
  const login = new LoginPage(page);
  await login.goto();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByRole("dialog").getByLabel("Email").fill(learner.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Password reset email sent")).toBeVisible();

  const other = await browser.newContext({ baseURL });
  try {
    const phone = await other.newPage();
    await phone.goto(await latestLink(request, learner.email, /type=recovery/));
    const elsewhere = phone.getByTestId("reset-elsewhere");
    await expect(elsewhere).toContainText("This link was opened in a different browser");
    await expect(phone.getByText("This password reset link is not valid any more.", { exact: false })).toHaveCount(0);
    await expect(phone.getByRole("button", { name: "Set new password" })).toHaveCount(0);
    await elsewhere.getByRole("button", { name: "Send a link for this browser" }).click();
    await phone.getByRole("dialog").getByLabel("Email").fill(learner.email);
    await phone.getByRole("button", { name: "Send reset link" }).click();
    // The first email went out moments ago: the answer says when another can.
    await expect(phone.getByText("Reset email already sent")).toBeVisible();
    await expect(phone.getByText(/^Check your inbox, or request another link in \d+ seconds?\.$/)).toBeVisible();
  } finally {
    await other.close();
  }
});

test("the reset screen sets no password in a session that did not come from a reset link", async ({ signedInPage: page }) => {
  await page.goto("/reset-password");
  await expect(page.getByText("Open this page from the password reset link we emailed you.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set new password" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Forgot password?" })).toBeVisible();
});
