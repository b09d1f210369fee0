import { expect, test } from "@playwright/test";

test("the landing page renders its hero, sample videos and features", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start Learning" })).toBeVisible();
  for (const feature of ["Interactive Videos", "Smart Vocabulary", "Track Progress"]) {
    await expect(page.getByRole("heading", { name: feature })).toBeVisible();
  }
  // Sample tiles come from the seeded demo content, with their thumbnails (and language flags) loaded.
  const tiles = page.getByLabel("Sample videos").locator("figure");
  await expect(tiles).toHaveCount(4);
  const firstImages = tiles.first().locator("img");
  await expect.poll(() => firstImages.evaluateAll((imgs) => imgs.length > 0 && imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  // Styles are applied (not an unstyled page): the primary button has a coloured background.
  const background = await page.getByRole("button", { name: "Start Learning" }).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
});

test("Start Learning validates the email and opens signup prefilled", async ({ page }) => {
  await page.goto("/");
  await page.getByPlaceholder("Enter your email").fill("not-an-email");
  await page.getByRole("button", { name: "Start Learning" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  await page.getByPlaceholder("Enter your email").fill("ana@example.com");
  await page.getByRole("button", { name: "Start Learning" }).click();
  await expect(page).toHaveURL(/\/signup\?email=ana%40example\.com$/);
  await expect(page.getByLabel("Email")).toHaveValue("ana@example.com");
});

test("every page names the brand icons, and /favicon.ico is there for the browsers that ask anyway", async ({ page, request }) => {
  await page.goto("/login");
  await expect(page.locator('head link[rel="icon"][type="image/svg+xml"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveCount(1);
  for (const selector of ['link[rel="icon"][type="image/svg+xml"]', 'link[rel="apple-touch-icon"]']) {
    const href = await page.locator(`head ${selector}`).getAttribute("href");
    const response = await request.get(href!);
    expect(response.status(), href!).toBe(200);
  }
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toContain("image/");
});

test("an unknown path shows the not-found screen", async ({ page }) => {
  const response = await page.goto("/definitely-not-here");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("404 Page Not Found");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("toasts: one at a time, dismissed by a swipe of 50 px but not less", async ({ page }) => {
  const failLogin = async () => {
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Login failed").first()).toBeVisible();
  };
  await page.goto("/login");
  await failLogin();
  await failLogin();
  await expect(page.locator("[data-sonner-toast][data-visible='true']")).toHaveCount(1);

  await page.goto("/login");
  await failLogin();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute("data-mounted", "true");
  await page.waitForTimeout(500); // let the entry animation settle
  const drag = async (dx: number) => {
    const box = (await toast.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) {
      await page.mouse.move(x + (dx * i) / 20, y);
      await page.waitForTimeout(25);
    }
    await page.mouse.up();
  };
  await drag(47);
  await page.waitForTimeout(500);
  await expect(toast).toHaveCount(1);
  await drag(80);
  await expect(toast).toHaveCount(0);
});

test("toasts on a phone: at the bottom, clear of the header, and wholly on the screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/login");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toHaveAttribute("data-mounted", "true");
  await expect(toast).toContainText("Login failed");
  await page.waitForTimeout(500); // let the entry animation settle
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.y).toBeGreaterThan(740 / 2);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
});
