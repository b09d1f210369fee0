/** A compact video preview: thumbnail with duration, language flag (named in the reader's language) and title. */
import { useLocale } from "next-intl";
import { LanguageFlag } from "@/components/language-flag";
import { VideoThumbnail } from "@/components/video-thumbnail";
import { formatDuration, videoThumbnail } from "@/lib/format";
import { cn } from "@/lib/utils";

type TileVideo = {
  title: string;
  thumbnail: string | null;
  youtubeId: string | null;
  targetLanguage: string;
  durationMs: number | null;
};

export function VideoTile({ video, className }: { video: TileVideo; className?: string }) {
  const thumb = videoThumbnail(video);
  const locale = useLocale();
  return (
    <figure className={cn("overflow-hidden rounded-2xl border bg-card shadow-sm", className)}>
      <VideoThumbnail src={thumb} loading="lazy" className="relative">
        <span className="absolute right-2 bottom-2 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
          {formatDuration(video.durationMs)}
        </span>
      </VideoThumbnail>
      <figcaption className="flex items-start gap-2 p-3">
        <LanguageFlag code={video.targetLanguage} locale={locale} className="mt-0.5 h-4 w-6 shrink-0" />
        {/* Three lines: a phone's narrow tile shows the whole of a demo title rather than cutting it. */}
        <span className="line-clamp-3 text-sm leading-snug font-semibold">{video.title}</span>
      </figcaption>
    </figure>
  );
}
