/**
 * The directory while a job on a video waits for another on it (one job at a time per video):
 * its row and card say so, and the list keeps looking (slowly) until the wait is over.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DirectoryCard, DirectoryRow } from "@/components/admin/video-row";
import { VIDEO_POLL_INTERVAL_MS, WAITING_POLL_INTERVAL_MS, videoPollInterval } from "@/lib/admin/video-status";
import type { VideoCard } from "@/lib/types/api";
import { WithIntl } from "../helpers/intl";
import { videoCard } from "../helpers/video-card";

const video = (extra: Partial<VideoCard> = {}): VideoCard => videoCard({ youtubeId: "abcdefghijk", title: "Mercado", ...extra });

const none = () => {};
const actions = { edit: none, remove: none, extract: none, translate: none, quizzes: none, retry: none };
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("a video whose job waits for another", () => {
  it("says so in its table row and in its card", () => {
    for (const View of [DirectoryRow, DirectoryCard]) {
      const waiting = renderToStaticMarkup(
        <WithIntl>
          {View === DirectoryRow ? (
            <table>
              <tbody>
                <View video={video({ waitingForJob: true })} actions={actions} busy={false} />
              </tbody>
            </table>
          ) : (
            <ul>
              <View video={video({ waitingForJob: true })} actions={actions} busy={false} />
            </ul>
          )}
        </WithIntl>,
      );
      expect(text(waiting)).toContain("Waiting for another job on this video");
      const idle = renderToStaticMarkup(
        <WithIntl>
          <ul>
            <DirectoryCard video={video()} actions={actions} busy={false} />
          </ul>
        </WithIntl>,
      );
      expect(text(idle)).not.toContain("Waiting for another job");
    }
  });

  it("keeps the list refreshing every 2 s while it waits; fast while processing; not at all otherwise", () => {
    expect(videoPollInterval([video({ waitingForJob: true })])).toBe(WAITING_POLL_INTERVAL_MS);
    expect(WAITING_POLL_INTERVAL_MS).toBe(2000);
    expect(videoPollInterval([video({ waitingForJob: true }), video({ status: "processing", processingProgress: 20 })])).toBe(VIDEO_POLL_INTERVAL_MS);
    expect(videoPollInterval([video()])).toBe(false);
    expect(videoPollInterval(undefined)).toBe(false);
  });
});
