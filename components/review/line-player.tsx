"use client";
/**
 * Plays a review line's span once on mount and again each time `replay` changes: the app's own
 * media through a hidden <audio> element, a YouTube video through its embed (shown small, as
 * YouTube's terms want the player visible). Loaded lazily: the review screen paints without it.
 */
import { useEffect, useRef, useState } from "react";
import { Html5Adapter, type PlayerAdapter } from "@/lib/player/adapter";
import { YouTubeAdapter, youtubeEmbedUrl } from "@/lib/player/youtube";
import type { ReviewMedia } from "@/lib/types/api";

type Props = { media: ReviewMedia; replay: number; embedOrigin: string; title: string };

/** Plays [startMs, endMs] and pauses at its end; returns a function that stops watching. */
function playSpan(adapter: PlayerAdapter, startMs: number, endMs: number): () => void {
  adapter.seek(startMs);
  adapter.play();
  let frame = requestAnimationFrame(function watch() {
    if (adapter.time() >= endMs) {
      adapter.pause();
      return;
    }
    frame = requestAnimationFrame(watch);
  });
  return () => cancelAnimationFrame(frame);
}

export default function LinePlayer({ media, replay, embedOrigin, title }: Props) {
  const [adapter, setAdapter] = useState<PlayerAdapter | null>(null);
  const [ready, setReady] = useState(false);
  const frameRef = useRef<HTMLIFrameElement | null>(null);

  useEffect(() => {
    if (!adapter || !ready) return;
    return playSpan(adapter, media.startMs, media.endMs);
  }, [adapter, ready, media.startMs, media.endMs, replay]);

  useEffect(() => () => adapter?.destroy(), [adapter]);

  if (media.kind === "html5") {
    return (
      <audio
        key={media.url}
        src={media.url}
        preload="auto"
        className="hidden"
        ref={(element) => {
          if (element && !adapter) setAdapter(new Html5Adapter(element));
        }}
        onLoadedMetadata={() => setReady(true)}
        data-testid="review-audio"
      />
    );
  }
  return (
    <iframe
      key={media.youtubeId}
      ref={frameRef}
      src={youtubeEmbedUrl(embedOrigin, media.youtubeId, window.location.origin)}
      title={`${title} (video)`}
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
  );
}
