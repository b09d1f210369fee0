/**
 * The whole processing pipeline in the browser, on the stand-ins app (support/servers.ts): an
 * admin uploads a spoken clip (espeak-ng), watches its row go through the stages to 'Complete'
 * while the in-process worker converts it with ffmpeg and asks the OpenAI stand-in for its
 * transcript, vocabulary and translations, publishes it, and a learner plays it with captions and
 * answers its quiz.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { adminHeaders, openAdmin, uniqueYoutubeId } from "./support/admin";
import { expect as baseExpect, test } from "./support/fixtures";
import { signInElsewhere } from "./support/session-cookie";
import { CLIP_LINES, CLIP_WORD, makeClip } from "./support/processing-clip";
import { OPENAI_STANDIN_ORIGIN } from "./support/servers";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const STAGES = ["Preparing Audio", "Extracting Audio", "Transcribing with Whisper", "Processing Vocabulary", "Saving Data", "Finalizing", "Complete"];

/** Records, in the page, every stage label the row of `title` shows, in order, without repeats. */
async function recordStages(page: Page, title: string) {
  await page.evaluate((wanted) => {
    const seen: string[] = [];
    (window as unknown as { stagesSeen: string[] }).stagesSeen = seen;
    const read = () => {
      for (const row of document.querySelectorAll('[data-testid="video-row"]')) {
        if (!row.textContent?.includes(wanted)) continue;
        const label = row.querySelector('[data-testid="processing-progress"]')?.textContent?.replace(/\s*\d+%\s*$/, "").trim();
        if (label && seen.at(-1) !== label) seen.push(label);
      }
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    read();
  }, title);
  return () => page.evaluate(() => (window as unknown as { stagesSeen: string[] }).stagesSeen);
}

test("an admin uploads a spoken clip, watches it process to Complete and publishes it; a learner plays it with captions and a quiz", async ({ page, browser, request, learner }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "lingoreel-clip-"));
  const clip = await makeClip(dir);
  const title = `Market morning ${Date.now()}`;
  let videoId: number | undefined;
  try {
    await openAdmin(page);
    const form = page.getByRole("form", { name: "Add a video" });
    await form.getByLabel("YouTube URL").fill(`https://youtu.be/${uniqueYoutubeId()}`);
    await form.getByLabel("Title (optional)").fill(title);
    await form.getByRole("combobox", { name: "Target language" }).click();
    await page.getByRole("option", { name: "Spanish" }).click();
    await form.getByLabel("Audio file (optional)").setInputFiles(clip);
    const stagesSeen = await recordStages(page, title);
    const created = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/videos"));
    await form.getByRole("button", { name: "Add Video" }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    videoId = ((await response.json()) as { id: number }).id;

    // The worker takes it through every stage; the list follows it while it runs. The stand-in
    // holds the two long stages until the row has shown them.
    const row = page.getByTestId("video-row").filter({ hasText: title });
    for (const [stage, call] of [["Transcribing with Whisper", "transcription"], ["Processing Vocabulary", "vocabulary"]] as const) {
      await expect(row.getByTestId("processing-progress")).toContainText(stage);
      expect((await request.post(`${OPENAI_STANDIN_ORIGIN}/release/${call}`)).status()).toBe(200);
    }
    await expect(row.getByTestId("video-status")).toHaveText("Processed", { timeout: 60_000 });
    await expect(row.getByTestId("processing-progress")).toContainText("Complete");
    await expect(row.getByTestId("processing-progress")).toContainText("100%");
    const seen = await stagesSeen();
    // In order, ending at Complete, with the long stages seen on the way.
    expect(seen.at(-1)).toBe("Complete");
    expect(seen).toContain("Transcribing with Whisper");
    expect(seen).toContain("Processing Vocabulary");
    const order = seen.map((label) => STAGES.indexOf(label));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // Published from the edit dialog.
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit video" });
    await dialog.getByRole("radio", { name: /^Active/ }).check();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Video updated successfully")).toBeVisible();
    await expect(row.getByTestId("video-status")).toHaveText("Active");

    // The learner plays it: the transcript's lines are the captions, with their translations.
    const learnerPage = await signInElsewhere(browser, learner);
    await learnerPage.goto(`/video/${videoId}`);
    await expect(learnerPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await learnerPage.getByRole("button", { name: "Play", exact: true }).click();
    await expect(learnerPage.getByTestId("caption-translation")).toHaveText(CLIP_LINES[0].english);
    const quiz = learnerPage.getByRole("dialog");
    await expect(quiz.getByRole("heading", { name: CLIP_WORD.word })).toBeVisible({ timeout: 15_000 });
    await expect(learnerPage.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await expect(quiz.getByRole("group", { name: "Options" }).getByRole("button")).toHaveCount(4);
    // The right answer among four different options; the wrong three are drawn afresh from the
    // language's vocabulary on each attempt, so which they are depends on the other Spanish videos.
    await expect(quiz.getByRole("button", { name: CLIP_WORD.english })).toBeVisible();
    const options = await quiz.getByRole("group", { name: "Options" }).getByRole("button").allInnerTexts();
    expect(new Set(options.map((text) => text.trim().toLowerCase())).size).toBe(4);
    await quiz.getByRole("button", { name: CLIP_WORD.english }).click();
    await expect(quiz.getByText("Correct!")).toBeVisible();
    await quiz.getByRole("button", { name: "Continue" }).click();
    await expect(quiz).toHaveCount(0);
    // Playback goes on into the next line.
    await expect(learnerPage.getByTestId("caption-translation")).toHaveText(CLIP_LINES[1].english, { timeout: 15_000 });
    await learnerPage.context().close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    // The stand-ins app's other tests list the published videos: take it away again.
    if (videoId) expect((await request.delete(`/api/videos/${videoId}`, { headers: await adminHeaders(request) })).status()).toBe(200);
  }
});
