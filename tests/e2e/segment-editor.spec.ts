/** The owner's live segment editor on the video page, and that nobody else gets it. */
import { session } from "./support/accounts";
import { LearnerApi } from "./support/api";
import { expect, test } from "./support/fixtures";
import { DEMO_OWNER, LoginPage } from "./support/pages";

const TITLE = "My Daily Routine in German";

test("an owner edits a line's text and vocabulary word, and sees both after a reload", async ({ page, request }) => {
  const owner = await LearnerApi.signIn(request, DEMO_OWNER);
  const video = await owner.videoByTitle(TITLE);
  // Line 2 as seeded, whatever an earlier attempt left (the demo database is shared by the run).
  const lineTwo = (await owner.get<{ id: number }[]>(`/api/videos/${video.id}/captions`))[1]!;
  const { access_token } = await session(request, DEMO_OWNER.email, DEMO_OWNER.password);
  const headers = { authorization: `Bearer ${access_token}` };
  const base = `/api/videos/${video.id}/segments/${lineTwo.id}`;
  expect((await request.post(`${base}/update`, { headers, data: { newText: "Zuerst dusche ich und putze mir die Zähne." } })).status()).toBe(200);
  expect((await request.post(`${base}/reselect-words`, { headers, data: { newHighlightedWord: "Zähne" } })).status()).toBe(200);

  // The owner's real sign-in through the form (the learner's is in auth.spec.ts, the admin's in security-settings.spec.ts).
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/video/${video.id}`);
  await page.getByRole("button", { name: "Edit" }).click();
  const editor = page.getByRole("region", { name: "Segment editor" });
  await expect(editor.getByTestId("segment-row").first()).toBeVisible();
  await expect(editor.getByTestId("segment-skeleton")).toHaveCount(0);

  // A click on a word opens the line with that word chosen; Cancel leaves it as it was.
  const third = editor.getByTestId("segment-row").nth(2);
  await third.getByRole("button", { name: "Brötchen", exact: true }).click();
  await expect(third.getByRole("group", { name: "Vocabulary word of line 3" }).getByRole("button", { name: "Brötchen" })).toHaveAttribute("aria-pressed", "true");
  await third.getByRole("button", { name: "Cancel" }).click();
  await expect(third.getByLabel("Text of line 3")).toHaveCount(0);

  // The pencil opens line 2; Save waits for a change.
  const second = editor.getByTestId("segment-row").nth(1);
  await second.getByRole("button", { name: "Edit line 2" }).click();
  const save = second.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await second.getByLabel("Text of line 2").fill("Zuerst dusche ich und putze mir gründlich die Zähne.");
  await expect(save).toBeEnabled();
  await second.getByRole("group", { name: "Vocabulary word of line 2" }).getByRole("button", { name: "dusche" }).click();
  await save.click();
  const dialog = page.getByRole("alertdialog", { name: "Update Translations" });
  await expect(dialog.getByRole("button", { name: "Yes, Update All" })).toBeVisible();
  await dialog.getByRole("button", { name: "Save Without Updating" }).click();
  await expect(page.getByText("Text Updated")).toBeVisible();
  await expect(page.getByText("Word Updated")).toBeVisible();
  await expect(second.getByLabel("Text of line 2")).toHaveCount(0);

  // After a reload the player, the transcript and the editor all have the new line and word.
  await page.reload();
  await expect(page.getByTestId("transcript")).toContainText("Zuerst dusche ich und putze mir gründlich die Zähne.");
  await page.getByRole("button", { name: "Edit" }).click();
  const line = editor.getByTestId("segment-row").nth(1);
  await expect(line.getByTestId("segment-text")).toHaveText("Zuerst dusche ich und putze mir gründlich die Zähne.");
  await expect(line.getByRole("button", { name: "dusche", exact: true })).toHaveClass(/font-semibold/);
  // Words are buttons without their punctuation, which stays as text in the line.
  await expect(line.getByRole("button", { name: "Zähne", exact: true })).not.toHaveClass(/font-semibold/);
  // Its translations were kept ('Save Without Updating').
  await line.getByText("Translations").click();
  await expect(line.getByRole("definition").first()).not.toHaveText("No translation available");

  // The vocabulary editor's save is a placeholder.
  await editor.getByRole("button", { name: "Save vocabulary" }).click();
  await expect(page.getByText("Feature in development")).toBeVisible();
});

// The endpoints' refusals of learners and admins: tests/integration/segments.test.ts ("is for owners only").
test("learners get no Edit button", async ({ signedInPage: page, learner, request }) => {
  const video = await (await LearnerApi.signIn(request, learner)).videoByTitle(TITLE);
  await page.goto(`/video/${video.id}`);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId("transcript")).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
});
