/**
 * Managing the Saved screen's words in a real browser: only saved words are listed (a word met in
 * a quiz is shown apart, and can be saved from there), the learner's note edited in place,
 * the list narrowed by a search, a status and a video, and a word removed with the toast's Undo
 * putting it back in its place; with axe's checks on the screen in both themes.
 */
import { expect, test } from "./support/fixtures";
import { LearnerApi } from "./support/api";
import { expectNoViolationsInBothThemes } from "./support/axe";
import { chooseOption } from "./support/pages";

test("the learner manages their saved words: notes, search, filters, remove and undo", async ({ signedInPage: page, learner, request }) => {
  const api = await LearnerApi.signIn(request, learner);
  // Saved from the popover: hermana (said in another video), favor, leche; café is met only in a quiz.
  for (const lemma of ["hermana", "favor", "leche"]) await api.setWordStatus("es", lemma, "learning");
  await api.learnWords("Ordering Coffee in Madrid", 1);

  await page.goto("/saved");
  const rows = page.getByTestId("saved-word");
  const listed = async () => rows.evaluateAll((items) => items.map((item) => item.getAttribute("data-lemma")));
  const row = (lemma: string) => page.locator(`[data-testid="saved-word"][data-lemma="${lemma}"]`);
  await expect(rows).toHaveCount(3);
  expect(await listed()).toEqual(["leche", "favor", "hermana"]);
  await expect(rows.first().getByTestId("saved-word-status")).toHaveText("Learning");
  await page.waitForLoadState("load");
  await expectNoViolationsInBothThemes(page, "/saved with saved words");

  // The note, edited in place, is the meaning shown first.
  const leche = row("leche");
  await leche.getByRole("button", { name: "Edit note on leche" }).click();
  const note = leche.getByRole("textbox", { name: /Your note on leche/ });
  await expect(note).toBeFocused();
  await note.fill("milk, as in café con leche");
  await expectNoViolationsInBothThemes(page, "/saved editing a note");
  await leche.getByRole("button", { name: "Save note" }).click();
  await expect(leche.getByTestId("saved-word-meaning")).toHaveText("Your note: milk, as in café con leche");
  await expect(leche.getByRole("textbox")).toHaveCount(0);

  // A search of the word and its meanings.
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("MILK");
  await expect.poll(listed).toEqual(["leche"]);
  await expect(page.getByTestId("saved-words-count")).toHaveText("1 word");
  await search.fill("herm");
  await expect.poll(listed).toEqual(["hermana"]);
  await search.fill("nothing like it");
  await expect(page.getByTestId("saved-words-no-match")).toContainText("No words match");
  await page.getByRole("button", { name: "Show all saved words" }).click();
  await expect(search).toHaveValue("");
  await expect.poll(listed).toEqual(["leche", "favor", "hermana"]);

  // A video: the words said in it.
  await chooseOption(page, page.getByRole("combobox", { name: "Video" }), "Ordering Coffee in Madrid · 2");
  await expect.poll(listed).toEqual(["leche", "favor"]);
  await chooseOption(page, page.getByRole("combobox", { name: "Video" }), "All videos");
  await expect.poll(listed).toEqual(["leche", "favor", "hermana"]);

  // The quiz's word, apart; saved from there, it joins the list.
  const show = page.getByRole("combobox", { name: "Show" });
  await chooseOption(page, show, "From quizzes (not saved) · 1");
  await expect.poll(listed).toEqual(["café"]);
  await expect(rows.getByRole("button", { name: "Remove café" })).toHaveCount(0);
  // The list has gone, and with it the hiding of the rest of the page from screen readers.
  await expect(page.locator("[data-aria-hidden]")).toHaveCount(0);
  await expectNoViolationsInBothThemes(page, "/saved from quizzes");
  await rows.getByRole("button", { name: "Save café" }).click();
  await expect(page.getByText("Saved “café”")).toBeVisible();
  await expect(page.getByTestId("saved-words-no-match")).toBeVisible();
  await chooseOption(page, show, "All saved words");
  await expect.poll(listed).toEqual(["café", "leche", "favor", "hermana"]);

  // A status: the word marked known stays saved.
  await api.setWordStatus("es", "favor", "known");
  await chooseOption(page, show, "Known");
  await expect.poll(listed).toEqual(["favor"]);
  await expect(rows.getByTestId("saved-word-status")).toHaveText("Known");
  await chooseOption(page, show, "All saved words");
  await expect.poll(listed).toEqual(["café", "leche", "favor", "hermana"]);

  // Remove, and the toast's Undo puts it back in its place.
  await leche.getByRole("button", { name: "Remove leche" }).click();
  await expect.poll(listed).toEqual(["café", "favor", "hermana"]);
  await expect(page.getByText("Removed “leche” from your words")).toBeVisible();
  await expect(page.getByText("It is a new word again and out of your reviews.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("“leche” is back in your words")).toBeVisible();
  await expect.poll(listed).toEqual(["café", "leche", "favor", "hermana"]);
  await expect(leche.getByTestId("saved-word-meaning")).toHaveText("Your note: milk, as in café con leche");

  // A known word removed keeps its status; the removal holds after a reload.
  await row("favor").getByRole("button", { name: "Remove favor" }).click();
  await expect(page.getByText("It is still marked known; only your list changed.")).toBeVisible();
  await expect.poll(listed).toEqual(["café", "leche", "hermana"]);
  await page.reload();
  await expect(rows).toHaveCount(3);
  expect(await listed()).toEqual(["café", "leche", "hermana"]);
});
