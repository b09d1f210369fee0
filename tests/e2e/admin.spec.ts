/**
 * The admin screen (/admin): adding a video by link (optimistic row, rollback on failure),
 * creating a category in place, editing and publishing, deleting, the translations question, and
 * that learners get Access Denied. The server's worker runs with no AI provider here, so a new
 * video's processing fails at once, with the reason shown on its row.
 */
import { session } from "./support/accounts";
import { addVideoByApi, adminHeaders, openAdmin, uniqueYoutubeId } from "./support/admin";
import { expect as baseExpect, test } from "./support/fixtures";
import { signInElsewhere } from "./support/session-cookie";
import { makeAudio, makeAudioDir } from "../helpers/audio-files";

// Server round trips (a create also asks YouTube for the title) can be slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const DENIED = "Access Denied: You need administrator privileges to access this page.";

test("an admin adds a video by link: it shows at once as processing, and its vocabulary extraction is asked for", async ({ page }) => {
  await openAdmin(page);
  const form = page.getByRole("form", { name: "Add a video" });
  const link = form.getByLabel("YouTube URL");

  // Inline validation: not a link, then a link without a video.
  await link.fill("not a link");
  await link.blur();
  await expect(form.getByText("Please enter a valid YouTube URL")).toBeVisible();
  await link.fill("https://vimeo.com/76979871");
  await expect(form.getByText("Invalid YouTube URL")).toBeVisible();

  const youtubeId = uniqueYoutubeId();
  await link.fill(`https://www.youtube.com/watch?v=${youtubeId}&t=12s`);
  await expect(form.getByText("Invalid YouTube URL")).toHaveCount(0);

  // Hold the create call back a moment, so the optimistic row is seen before the server answers.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/videos", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await held;
    await route.fallback();
  });
  const extraction = page.waitForRequest((r) => r.method() === "POST" && /\/api\/videos\/\d+\/extract-vocabulary$/.test(r.url()));
  await form.getByRole("button", { name: "Add Video" }).click();

  const title = `YouTube video ${youtubeId}`;
  const row = page.getByTestId("video-row").filter({ hasText: title });
  await expect(row).toHaveAttribute("aria-busy", "true");
  await expect(row.getByTestId("video-status")).toHaveText("Processing");
  await expect(row.getByTestId("processing-progress")).toContainText("Preparing Audio");
  await expect(row.getByTestId("processing-progress")).toContainText("0%");
  release();

  await expect(page.getByText("Video added successfully")).toBeVisible();
  await expect(page.getByText("The video is now being processed for vocabulary analysis")).toBeVisible();
  // The server's row replaces the optimistic one: it links to the video and has its actions.
  await expect(row).not.toHaveAttribute("aria-busy", "true");
  await expect(row.getByRole("link", { name: title })).toHaveAttribute("href", /\/video\/\d+$/);
  // The worker takes the job; without an AI provider it fails at once and says how to fix it.
  await expect(row.getByTestId("video-status")).toHaveText("Error");
  await expect(row).toContainText("No AI provider configured: set OPENAI_API_KEY");
  await expect(row.getByRole("button", { name: `More actions for ${title}` })).toBeVisible();
  expect((await extraction).postData() ?? "").toBe("");
  await expect(page.getByTestId("video-row").filter({ hasText: title })).toHaveCount(1);
  // The form is ready for the next video.
  await expect(link).toHaveValue("");
});

test("an admin adds a video with an audio file: it is uploaded with the form and played from the app", async ({ page, request }) => {
  await openAdmin(page);
  const form = page.getByRole("form", { name: "Add a video" });
  const youtubeId = uniqueYoutubeId();
  const title = `Recorded lesson ${Date.now()}`;
  await form.getByLabel("YouTube URL").fill(`https://youtu.be/${youtubeId}`);
  await form.getByLabel("Title (optional)").fill(title);
  // A real MP3 file.
  const mp3 = await makeAudio(await makeAudioDir(), "tone.mp3", 2);
  await form.getByLabel("Audio file (optional)").setInputFiles(mp3);
  const created = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/videos"));
  await form.getByRole("button", { name: "Add Video" }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().headers()["content-type"]).toMatch(/^multipart\/form-data/);
  const video = (await response.json()) as { id: number; mediaUrl: string };
  expect(video.mediaUrl).toBe(`/api/videos/${video.id}/media`);
  await expect(page.getByText("Video added successfully")).toBeVisible();
  await expect(page.getByTestId("video-row").filter({ hasText: title })).toHaveCount(1);
  // The upload is served back, in ranges, to those who may see the video.
  const media = await request.get(video.mediaUrl, { headers: { ...(await adminHeaders(request)), range: "bytes=0-3" } });
  expect(media.status()).toBe(206);
  expect((await media.body()).toString("latin1")).toBe("ID3\u0004");
});

test("an admin asks for the audio to be transcribed instead of YouTube's captions, and a failed video's retry offers the other way", async ({ page }) => {
  await openAdmin(page);
  const form = page.getByRole("form", { name: "Add a video" });
  const box = form.getByRole("checkbox", { name: "Transcribe the audio instead of using YouTube's captions" });
  await expect(box).not.toBeChecked();
  // An uploaded file is always transcribed: with one chosen, the box is off and locked.
  await box.click();
  await form.getByLabel("Audio file (optional)").setInputFiles(await makeAudio(await makeAudioDir(), "tone.mp3", 1));
  await expect(box).toBeDisabled();
  await expect(box).not.toBeChecked();
  await form.getByRole("button", { name: /^Remove tone\.mp3/ }).click();
  await expect(box).toBeEnabled();

  const youtubeId = uniqueYoutubeId();
  const title = `Transcribed ${youtubeId}`;
  await form.getByLabel("YouTube URL").fill(`https://youtu.be/${youtubeId}`);
  await form.getByLabel("Title (optional)").fill(title);
  await box.click();
  const created = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/videos"));
  await form.getByRole("button", { name: "Add Video" }).click();
  expect((await created).postDataJSON()).toMatchObject({ youtubeId, transcribeAudio: true });
  await expect(box).not.toBeChecked();

  // No AI provider here: it fails at once. Its retry may take YouTube's captions instead, or as added.
  const row = page.getByTestId("video-row").filter({ hasText: title });
  await expect(row.getByTestId("video-status")).toHaveText("Error");
  await row.getByRole("button", { name: `More actions for ${title}` }).click();
  await expect(page.getByRole("menuitem", { name: "Retry processing" })).toBeVisible();
  const retried = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/retry"));
  await page.getByRole("menuitem", { name: "Retry with YouTube's captions" }).click();
  expect((await retried).postDataJSON()).toEqual({ transcribeAudio: false });
  await expect(page.getByText("Video reprocessing started")).toBeVisible();
});

test("the add form's side-by-side fields line up at 768 px and wider", async ({ page }) => {
  await openAdmin(page);
  const form = page.getByRole("form", { name: "Add a video" });
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Side by side, though their descriptions wrap to different heights at 768.
    for (const [left, right] of [
      [form.getByRole("combobox", { name: "Target language" }), form.getByLabel("Video file (optional)")],
      [form.getByLabel("Audio file (optional)"), form.getByLabel("Subtitle file (optional)")],
    ]) {
      const a = (await left!.boundingBox())!;
      const b = (await right!.boundingBox())!;
      expect(Math.abs(a.y - b.y), `${width} px`).toBeLessThan(1);
      expect(b.x, `${width} px`).toBeGreaterThan(a.x + a.width);
    }
  }
});

test("a failed add rolls the optimistic row back and says why", async ({ page }) => {
  await openAdmin(page);
  await page.route("**/api/videos", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "unavailable", message: "Try again shortly" }) })
      : route.fallback(),
  );
  const youtubeId = uniqueYoutubeId();
  const form = page.getByRole("form", { name: "Add a video" });
  await form.getByLabel("YouTube URL").fill(`https://youtu.be/${youtubeId}`);
  await form.getByLabel("Title (optional)").fill("Never saved");
  await form.getByRole("button", { name: "Add Video" }).click();
  await expect(page.getByText("Failed to add video")).toBeVisible();
  await expect(page.getByText("HTTP error! status: 503")).toBeVisible();
  await expect(page.getByTestId("video-row").filter({ hasText: "Never saved" })).toHaveCount(0);
  // What was typed stays, for another try.
  await expect(form.getByLabel("Title (optional)")).toHaveValue("Never saved");
});

test("an admin creates a category in place: Enter creates it and it becomes the chosen one", async ({ page }) => {
  await openAdmin(page);
  const form = page.getByRole("form", { name: "Add a video" });
  const newCategory = page.getByTestId("new-category");
  const create = newCategory.getByRole("button", { name: "Create" });
  await expect(create).toBeDisabled();
  await newCategory.getByLabel("New category").fill("   ");
  await expect(create).toBeDisabled();

  // One category chosen first, so the new one makes two.
  await form.getByLabel("Categories").click();
  await page.getByRole("group", { name: "Categories" }).getByRole("checkbox").first().click();
  await page.keyboard.press("Escape");

  const name = `Street food ${Date.now()}`;
  await newCategory.getByLabel("New category").fill(name);
  await expect(create).toBeEnabled();
  await newCategory.getByLabel("New category").press("Enter");
  await expect(page.getByText("Category created successfully")).toBeVisible();
  await expect(page.getByText(`"${name}" has been added and selected.`)).toBeVisible();
  await expect(newCategory.getByLabel("New category")).toHaveValue("");
  await expect(form.getByRole("combobox", { name: "Category", exact: true })).toHaveText(name);
  await expect(form.getByLabel("Categories")).toHaveText("2 categories selected");
  // Enter created the category without submitting the add form.
  await expect(form.getByText("Please enter a valid YouTube URL")).toHaveCount(0);
});

test("an admin edits a video and publishes it; a learner can then open it", async ({ page, browser, request, learner }) => {
  const title = `Market day ${Date.now()}`;
  const video = await addVideoByApi(request, title);
  const { access_token } = await session(request, learner.email, learner.password);
  const hidden = await request.get(`/api/videos/${video.id}`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(hidden.status()).toBe(404);

  await openAdmin(page);
  const row = page.getByTestId("video-row").filter({ hasText: title });
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit video" });
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await dialog.getByLabel("Title").fill("");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();

  const published = `${title} (published)`;
  await dialog.getByLabel("Title").fill(published);
  await dialog.getByLabel("Description").fill("Buying fruit at the market.");
  await dialog.getByRole("radio", { name: /^Active/ }).check();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Video updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const updated = page.getByTestId("video-row").filter({ hasText: published });
  await expect(updated.getByTestId("video-status")).toHaveText("Active");

  // The learner finds and opens it now.
  const learnerPage = await signInElsewhere(browser, learner);
  await learnerPage.goto(`/video/${video.id}`);
  await expect(learnerPage.getByRole("heading", { level: 1, name: published })).toBeVisible();
  await learnerPage.context().close();
  // Other specs share this server and list the newest published videos (offline, its YouTube
  // thumbnail cannot load): take it away again.
  expect((await request.delete(`/api/videos/${video.id}`, { headers: await adminHeaders(request) })).status()).toBe(200);
});

test("an admin deletes a video after confirming", async ({ page, request }) => {
  const title = `Delete me ${Date.now()}`;
  await addVideoByApi(request, title);
  await openAdmin(page);
  const row = page.getByTestId("video-row").filter({ hasText: title });
  await row.getByRole("button", { name: `More actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this video?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: `More actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Video deleted")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("generating translations for a video that has them asks first: Cancel, 'Fill Missing Only' or 'Regenerate All'", async ({ page }) => {
  await openAdmin(page);
  const title = "Ordering Coffee in Madrid";
  const row = page.getByTestId("video-row").filter({ hasText: title });
  const ask = async () => {
    await row.getByRole("button", { name: `More actions for ${title}` }).click();
    await page.getByRole("menuitem", { name: "Generate translations" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Translations already exist" });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  let dialog = await ask();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Fill Missing Only" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Regenerate All" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  dialog = await ask();
  const chosen = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/generate-translations") && !!r.postData()?.includes("fill_missing"));
  await dialog.getByRole("button", { name: "Fill Missing Only" }).click();
  expect(JSON.parse((await chosen).postData() ?? "{}")).toEqual({ action: "fill_missing" });
  await expect(page.getByText("Translation started")).toBeVisible();
  await expect(dialog).toBeHidden();
  // When the queued job ends, what it made: the demo video had every translation already.
  await expect(page.getByText("Enhanced Translations Generated!")).toBeVisible();
  await expect(page.getByText("Nothing was missing: every line and word already had its translations.")).toBeVisible();
});

test("regenerating quizzes says when the queued job ends, and why it failed: a video with no captions has nothing to quiz", async ({ page, request }) => {
  const video = await addVideoByApi(request, `No captions yet ${uniqueYoutubeId()}`);
  await openAdmin(page);
  const row = page.getByTestId("video-row").filter({ hasText: video.title });
  // Its processing fails at once here (no AI provider).
  await expect(row.getByTestId("video-status")).toHaveText("Error");
  await row.getByRole("button", { name: `More actions for ${video.title}` }).click();
  await page.getByRole("menuitem", { name: "Regenerate quizzes" }).click();
  await expect(page.getByText("Quiz regeneration started")).toBeVisible();
  await expect(page.getByText("Quiz Regeneration Error")).toBeVisible();
  await expect(page.getByText("The video has no captions yet: process it first").first()).toBeVisible();
  // The row no longer says it is being worked on.
  await expect(row.getByText(`Working on ${video.title}`)).toHaveCount(0);
});

test("the directory reads well on a phone and a tablet: cards, no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openAdmin(page);
  for (const width of [375, 768]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByTestId("video-card").filter({ hasText: "Ordering Coffee in Madrid" })).toBeVisible();
    await expect(page.getByRole("table")).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
});

test("a learner visiting /admin gets Access Denied, and none of the directory", async ({ signedInPage: page, request, learner }) => {
  const response = await page.goto("/admin");
  await expect(page.getByRole("heading", { name: DENIED })).toBeVisible();
  const html = (await response?.text()) ?? "";
  expect(html).not.toContain("Content Directory");
  expect(html).not.toContain("Ordering Coffee in Madrid");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/home$/);

  // The API refuses the admin's calls to a learner as well.
  const { access_token } = await session(request, learner.email, learner.password);
  const refused = await request.post("/api/categories", { headers: { authorization: `Bearer ${access_token}` }, data: { name: "Nope" } });
  expect(refused.status()).toBe(403);
});
