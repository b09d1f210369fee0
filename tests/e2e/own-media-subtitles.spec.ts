/**
 * An own video without an AI provider (the player app has none): a WebM with an SRT, added through
 * the API, becomes watchable with the subtitle file's captions, their words timed by estimate,
 * and no translation line under them; the admin's directory says what an AI provider would add.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminHeaders, openAdmin } from "./support/admin";
import { expect as baseExpect, test } from "./support/fixtures";
import { signInElsewhere } from "./support/session-cookie";
import { makeVideo } from "../helpers/video-files";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 90_000 });

const SRT = "1\n00:00:00,300 --> 00:00:01,800\nBonjour à tous.\n\n2\n00:00:02,000 --> 00:00:11,000\nLe marché ouvre tôt.\n";

test("a WebM with an SRT and no AI provider becomes watchable with the file's captions", async ({ page, browser, request, learner }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "lingoreel-own-"));
  const title = `Own film ${Date.now()}`;
  let videoId: number | undefined;
  try {
    const webm = readFileSync(await makeVideo(dir, "film.webm", { format: "webm", seconds: 12 }));
    const headers = await adminHeaders(request);
    const response = await request.post("/api/videos", {
      headers,
      multipart: {
        title,
        targetLanguage: "fr",
        videoFile: { name: "film.webm", mimeType: "video/webm", buffer: webm },
        subtitleFile: { name: "film.srt", mimeType: "application/x-subrip", buffer: Buffer.from(SRT) },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    videoId = ((await response.json()) as { id: number }).id;
    await expect.poll(async () => ((await (await request.get(`/api/videos/${videoId}`, { headers })).json()) as { status: string }).status).toBe("processed");

    await openAdmin(page);
    const row = page.getByTestId("video-row").filter({ hasText: title });
    await expect(row.getByTestId("video-contents")).toContainText("2 lines · 0 words");
    await expect(row.getByTestId("needs-ai")).toContainText("need an AI provider");
    expect((await request.put(`/api/videos/${videoId}`, { headers, data: { status: "active" } })).status()).toBe(200);

    const learnerPage = await signInElsewhere(browser, learner);
    await learnerPage.goto(`/video/${videoId}`);
    // The transcript's second line: a seek, then its words light up as they are said.
    await learnerPage.locator("[data-caption-id]").nth(1).getByText("0:02").click();
    const captions = learnerPage.getByTestId("captions");
    await expect(captions).toContainText("Le marché ouvre tôt.");
    await expect(captions.locator('[data-word-state="spoken"]').first()).toBeVisible();
    // No line has a translation into the learner's English: no 'No translation available' under
    // every line; the translation toggle says why and stays off.
    await expect(learnerPage.getByTestId("caption-translation")).toHaveCount(0);
    const toggle = learnerPage.getByRole("button", { name: "Show translation" });
    await expect(toggle).toHaveAttribute("aria-disabled", "true");
    await expect(toggle).toHaveAttribute("title", "This video has no translations into your language yet");
    // Playwright waits for aria-disabled elements to be enabled; a learner can still press it.
    await toggle.click({ force: true });
    await expect(learnerPage.getByText("This video has no translations into your language yet")).toBeVisible();
    await expect(learnerPage.getByTestId("caption-translation")).toHaveCount(0);
    await learnerPage.context().close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (videoId) await request.delete(`/api/videos/${videoId}`, { headers: await adminHeaders(request) });
  }
});
