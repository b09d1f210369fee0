/** The directory says where a processed video's captions came from: YouTube's own, YouTube's automatic ones, Whisper, or a subtitle file. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DirectoryCard, DirectoryRow } from "@/components/admin/video-row";
import { captionsSourceLabel } from "@/lib/admin/video-status";
import type { VideoCard } from "@/lib/types/api";
import { videoCard } from "../helpers/video-card";

const none = () => {};
const actions = { edit: none, remove: none, extract: none, translate: none, quizzes: none, retry: none };
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

function shown(video: VideoCard) {
  const row = renderToStaticMarkup(
    <table>
      <tbody>
        <DirectoryRow video={video} actions={actions} busy={false} />
      </tbody>
    </table>,
  );
  const card = renderToStaticMarkup(
    <ul>
      <DirectoryCard video={video} actions={actions} busy={false} />
    </ul>,
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
