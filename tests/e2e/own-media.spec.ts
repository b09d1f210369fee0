/**
 * An own video in the browser, on the stand-ins app: the admin adds an MP4 (ffmpeg's test picture
 * with the spoken clip) through the form with no YouTube link; the worker takes the sound out of it
 * for the OpenAI stand-in; the learner plays it in the HTML5 player, its picture and thumbnail
 * from the app, captions lighting up word by word, and answers its quiz.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { adminHeaders, openAdmin } from "./support/admin";
import { expect as baseExpect, test } from "./support/fixtures";
import { signInElsewhere } from "./support/session-cookie";
import { CLIP_LINES, CLIP_WORD, makeClip } from "./support/processing-clip";
import { OPENAI_STANDIN_ORIGIN } from "./support/servers";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });
const run = promisify(execFile);

test("an admin adds an MP4 with no link; a learner plays its picture with captions and answers its quiz", async ({ page, browser, request, learner }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "lingoreel-own-"));
  const video = path.join(dir, "Market morning.mp4");
  await run("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=10", "-i", await makeClip(dir),
    "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "48k", video,
  ]);
  const title = `Own market ${Date.now()}`;
  let videoId: number | undefined;
  try {
    await openAdmin(page);
    const form = page.getByRole("form", { name: "Add a video" });
    await form.getByLabel("Title (optional)").fill(title);
    await form.getByRole("combobox", { name: "Target language" }).click();
    await page.getByRole("option", { name: "Spanish" }).click();
    await form.getByLabel("Video file (optional)").setInputFiles(video);
    const created = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/videos"));
    await form.getByRole("button", { name: "Add Video" }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const card = (await response.json()) as { id: number; youtubeId: string | null; thumbnail: string };
    videoId = card.id;
    expect(card).toMatchObject({ youtubeId: null, thumbnail: `/api/videos/${videoId}/thumbnail` });

    const row = page.getByTestId("video-row").filter({ hasText: title });
    await expect(row.getByText("Own media")).toBeVisible();
    for (const [stage, call] of [["Transcribing with Whisper", "transcription"], ["Processing Vocabulary", "vocabulary"]] as const) {
      await expect(row.getByTestId("processing-progress")).toContainText(stage);
      expect((await request.post(`${OPENAI_STANDIN_ORIGIN}/release/${call}`)).status()).toBe(200);
    }
    await expect(row.getByTestId("video-status")).toHaveText("Processed", { timeout: 60_000 });
    await expect(row.getByTestId("video-contents")).toContainText("3 lines");
    // The card's picture is the thumbnail cut from the video.
    expect(await row.locator(`img[src="${card.thumbnail}"]`).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    const headers = await adminHeaders(request);
    expect((await request.put(`/api/videos/${videoId}`, { headers, data: { status: "active" } })).status()).toBe(200);

    const learnerPage = await signInElsewhere(browser, learner);
    await learnerPage.goto(`/video/${videoId}`);
    const player = learnerPage.locator("video");
    await expect(player).toHaveAttribute("poster", card.thumbnail);
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(320);
    await learnerPage.getByRole("button", { name: "Play", exact: true }).click();
    await expect(learnerPage.getByTestId("caption-translation")).toHaveText(CLIP_LINES[0].english);
    // Word by word: some already said while the line is on.
    await expect(learnerPage.locator('[data-testid="captions"] [data-word-state="spoken"]').first()).toBeVisible();
    const quiz = learnerPage.getByRole("dialog");
    await expect(quiz.getByRole("heading", { name: CLIP_WORD.word })).toBeVisible({ timeout: 15_000 });
    await quiz.getByRole("button", { name: CLIP_WORD.english }).click();
    await expect(quiz.getByText("Correct!")).toBeVisible();
    await learnerPage.context().close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (videoId) expect((await request.delete(`/api/videos/${videoId}`, { headers: await adminHeaders(request) })).status()).toBe(200);
  }
});
