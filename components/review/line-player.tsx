"use client";
/**
 * Plays a review line's span once on mount and again each time `replay` changes: the app's own
 * media through a hidden <audio> element, a YouTube video through its embed (shown small, as
 * YouTube's terms want the player visible). A browser that blocks sound until the page is touched
 * (the review screen opened from a link or a bookmark) leaves the line silent: when the line is
 * not playing soon after it was asked to, the learner is told to press Replay. Loaded lazily: the
 * review screen paints without it.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Html5Adapter, type PlayerAdapter } from "@/lib/player/adapter";
import { YouTubeAdapter, youtubeEmbedUrl } from "@/lib/player/youtube";
import type { ReviewMedia } from "@/lib/types/api";

type Props = { media: ReviewMedia; replay: number; embedOrigin: string; title: string };

/** How long a line may take to start before its silence is taken for a blocked autoplay. */
const START_GRACE_MS = 1500;

/**
 * Plays [startMs, endMs] and pauses at its end; returns a function that stops watching. Each frame
 * looks for the end only while the media plays: a line the browser kept silent, or that is paused,
 * costs no frames until it plays.
 */
function playSpan(adapter: PlayerAdapter, startMs: number, endMs: number): () => void {
  let frame = 0;
  let done = false;
  const watch = () => {
    frame = 0;
    if (adapter.time() >= endMs) {
      // The span is over: what the learner plays next in the embed is theirs.
      done = true;
      unsubscribe();
      adapter.pause();
      return;
    }
    if (adapter.isPlaying()) frame = requestAnimationFrame(watch);
  };
  const unsubscribe = adapter.subscribe(() => {
    if (!done && !frame && adapter.isPlaying()) frame = requestAnimationFrame(watch);
  });
  adapter.seek(startMs);
  adapter.play();
  frame ||= requestAnimationFrame(watch);
  return () => {
    cancelAnimationFrame(frame);
    unsubscribe();
  };
}

export default function LinePlayer({ media, replay, embedOrigin, title }: Props) {
  const t = useTranslations("review");
  const [adapter, setAdapter] = useState<PlayerAdapter | null>(null);
  const [ready, setReady] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const frameRef = useRef<HTMLIFrameElement | null>(null);

  useEffect(() => {
    if (!adapter || !ready) return;
    const stop = playSpan(adapter, media.startMs, media.endMs);
    const check = setTimeout(() => setBlocked(!adapter.isPlaying() && adapter.time() < media.startMs + 100), START_GRACE_MS);
    return () => {
      stop();
      clearTimeout(check);
    };
  }, [adapter, ready, media.startMs, media.endMs, replay]);

  useEffect(() => {
    if (!adapter) return;
    return adapter.subscribe(() => {
      if (adapter.isPlaying()) setBlocked(false);
    });
  }, [adapter]);

  useEffect(() => () => adapter?.destroy(), [adapter]);

  const hint = blocked ? (
    <p className="text-sm text-muted-foreground" role="status" data-testid="review-sound-blocked">
      {t("soundBlocked")}
    </p>
  ) : null;
  if (media.kind === "html5") {
    return (
      <>
        {hint}
        <audio
          key={media.url}
          src={media.url}
          preload="auto"
          className="hidden"
          ref={(element) => {
            if (!element) return;
            if (!adapter) setAdapter(new Html5Adapter(element));
            // Metadata that came in before React committed the element (a render it began again, on a
            // busy device) fired its event where no handler heard it: the element still says so.
            if (element.readyState >= HTMLMediaElement.HAVE_METADATA) setReady(true);
          }}
          onLoadedMetadata={() => setReady(true)}
          data-testid="review-audio"
        />
      </>
    );
  }
  return (
    <>
      {hint}
      <iframe
        key={media.youtubeId}
        ref={frameRef}
        src={youtubeEmbedUrl(embedOrigin, media.youtubeId, window.location.origin)}
        title={t("videoFrameTitle", { title })}
        allow="autoplay; encrypted-media"
        tabIndex={-1}
        className="pointer-events-none aspect-video w-40 rounded-md border-0 bg-black"
        onLoad={() => {
          const frame = frameRef.current;
          if (!frame) return;
          const youtube = new YouTubeAdapter(frame, embedOrigin);
          youtube.start();
          // The embed answers once it is ready: only then do seek and play take.
          const stop = youtube.subscribe(() => {
            stop();
            setReady(true);
          });
          setAdapter(youtube);
        }}
      />
    </>
  );
}
