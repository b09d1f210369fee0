/**
 * Where a word's meaning comes from, on the stand-ins app (an imported dictionary and the OpenAI
 * stand-in): a vocabulary word shows the videos' own translation, a word the dictionary has shows
 * its entry credited with the dictionary's name, a word neither has shows the AI's meaning
 * credited to the AI.
 */
import { LearnerApi } from "./support/api";
import { expect, test } from "./support/fixtures";
import { STANDIN_DICTIONARY, YOUTUBE_VIDEO } from "@/scripts/standins/youtube-video";

test("a word's meaning comes from the videos' vocabulary, else the dictionary with its name, else the AI with its credit", async ({ signedInPage: page, learner, request }) => {
  const video = await (await LearnerApi.signIn(request, learner)).videoByTitle(YOUTUBE_VIDEO.title);
  await page.goto(`/video/${video.id}`);
  const transcript = page.getByTestId("transcript");

  await transcript.locator('[data-lemma="leche"]').first().click();
  const leche = page.getByRole("dialog", { name: "leche", exact: true });
  await expect(leche.getByTestId("word-meaning")).toContainText("milk");
  await expect(leche.getByTestId("word-credit")).toContainText(`From ${STANDIN_DICTIONARY.name}, ${STANDIN_DICTIONARY.licence}`);
  await page.keyboard.press("Escape");
  await expect(leche).toHaveCount(0);

  // A vocabulary word: the translation processing made, before any dictionary or AI.
  await transcript.locator('[data-lemma="tostada"]').first().click();
  const tostada = page.getByRole("dialog", { name: "tostada", exact: true });
  await expect(tostada.getByTestId("word-meaning")).toContainText("toast");
  await expect(tostada.getByTestId("word-credit")).toHaveText("Translation from the videos' vocabulary");
  await page.keyboard.press("Escape");
  await expect(tostada).toHaveCount(0);

  // In neither: the stand-in glosses the lemma as "<native>-<lemma>".
  await transcript.locator('[data-lemma="favor"]').first().click();
  const favor = page.getByRole("dialog", { name: "favor", exact: true });
  await expect(favor.getByTestId("word-meaning")).toContainText("en-favor");
  await expect(favor.getByTestId("word-credit")).toHaveText(/^Meaning by AI \(.+\)$/);
});
