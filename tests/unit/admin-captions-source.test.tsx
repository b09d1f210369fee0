/** The directory says where a processed video's captions came from: YouTube's own, YouTube's automatic ones, Whisper, or a subtitle file. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DirectoryCard, DirectoryRow } from "@/components/admin/video-row";
import { captionsSourceLabel } from "@/lib/admin/video-status";
import type { VideoCard } from "@/lib/types/api";
import { WithIntl } from "../helpers/intl";
import { videoCard } from "../helpers/video-card";

const none = () => {};
const actions = { edit: none, remove: none, extract: none, translate: none, quizzes: none, retry: none };
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

function shown(video: VideoCard) {
  const row = renderToStaticMarkup(
    <WithIntl>
      <table>
        <tbody>
          <DirectoryRow video={video} actions={actions} busy={false} />
        </tbody>
      </table>
    </WithIntl>,
  );
  const card = renderToStaticMarkup(
    <WithIntl>
      <ul>
        <DirectoryCard video={video} actions={actions} busy={false} />
      </ul>
    </WithIntl>,
  );
  return [text(row), text(card)];
}

describe("where a video's captions came from", () => {
  it("is named for each source", () => {
    expect(captionsSourceLabel("youtube")).toBe("YouTube captions");
    expect(captionsSourceLabel("youtube-auto")).toBe("YouTube auto-captions");
    expect(captionsSourceLabel("whisper")).toBe("Whisper");
    expect(captionsSourceLabel("subtitle-file")).toBe("Subtitle file");
    expect(captionsSourceLabel(null)).toBeNull();
  });

  it("shows in the directory's row and card, under the video's link; nothing for videos made otherwise", () => {
    for (const view of shown(videoCard({ youtubeId: "abcdefghijk", captionsSource: "youtube-auto" }))) {
      expect(view).toContain("YouTube abcdefghijk Captions: YouTube auto-captions");
    }
    for (const view of shown(videoCard({ youtubeId: "abcdefghijk", captionsSource: null }))) expect(view).not.toContain("Captions:");
  });
});

describe("a directory card's word count", () => {
  const count = (view: string) => view.match(/\b4 words\b/g)?.length ?? 0;

  it("is said once: in the contents line of a processed video, else beside its categories", () => {
    const contents = { lines: 8, translations: 64, quizzes: 32 };
    const processed = shown(videoCard({ wordCount: 4, contents }))[1]!;
    expect(processed).toContain("8 lines · 4 words · 64 translations · 32 quizzes");
    expect(count(processed)).toBe(1);
    const processing = shown(videoCard({ wordCount: 4, contents, status: "processing", processingProgress: 40 }))[1]!;
    expect(processing).toContain("4 words · Categories:");
    expect(count(processing)).toBe(1);
  });
});
