/** axe-core's WCAG 2 A/AA rules on the admin screen and its dialogs, in light and then dark mode on the same page load. */
import { addVideoByApi, openAdmin } from "./support/admin";
import { expect as baseExpect, test } from "./support/fixtures";
import { expectNoViolationsInBothThemes } from "./support/axe";

const expect = baseExpect.configure({ timeout: 30_000 });
// Each screen checked by axe in both themes: slow on a busy machine.
test.describe.configure({ timeout: 360_000 });

test("admin screen, its menus and dialogs", async ({ page, request }) => {
  const title = `Axe check ${Date.now()}`;
  await addVideoByApi(request, title);
  await openAdmin(page);
  const row = page.getByTestId("video-row").filter({ hasText: title });
  // Its processing fails at once here (no AI provider): a failed row, with its reason and Retry, is checked too.
  await expect(row.getByTestId("video-status")).toHaveText("Error");
  await expect(row.getByRole("button", { name: /Retry/ })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/admin");

  // Inline validation messages.
  const form = page.getByRole("form", { name: "Add a video" });
  await form.getByRole("button", { name: "Add Video" }).click();
  await expect(form.getByText("Add a YouTube link, a video file or an audio file")).toBeVisible();
  await form.getByLabel("YouTube URL (optional with a file)").fill("not a link");
  await form.getByRole("button", { name: "Add Video" }).click();
  await expect(form.getByText("Please enter a valid YouTube URL")).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/admin with a validation message");

  await form.getByLabel("Categories").click();
  await expect(page.getByRole("group", { name: "Categories" })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/admin categories list");
  // Escape closes the list and gives focus back to its button. Until it has, the list is still
  // closing, and the focus it gives back would close the next menu as soon as that opens.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("group", { name: "Categories" })).toBeHidden();
  await expect(form.getByLabel("Categories")).toBeFocused();

  await row.getByRole("button", { name: `More actions for ${title}` }).click();
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/admin row menu");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(row.getByRole("button", { name: `More actions for ${title}` })).toBeFocused();

  await row.getByRole("button", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("dialog", { name: "Edit video" })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/admin edit dialog");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Edit video" })).toBeHidden();
  await expect(row.getByRole("button", { name: `Edit ${title}` })).toBeFocused();

  const coffee = page.getByTestId("video-row").filter({ hasText: "Ordering Coffee in Madrid" });
  await coffee.getByRole("button", { name: "More actions for Ordering Coffee in Madrid" }).click();
  await page.getByRole("menuitem", { name: "Generate translations" }).click();
  await expect(page.getByRole("alertdialog", { name: "Translations already exist" })).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/admin translations dialog");
  await page.getByRole("button", { name: "Cancel" }).click();
});

test("Access Denied for a learner", async ({ signedInPage: page }) => {
  await page.goto("/admin");
  await expect(page.getByTestId("access-denied")).toBeVisible();
  await expectNoViolationsInBothThemes(page, "/admin (learner)");
});
