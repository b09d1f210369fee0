"use client";
/**
 * A YouTube video's embed: its frame and the adapter that drives it (lib/player/youtube.ts),
 * started once the frame has loaded, then sought to a linked start and played when autoplay is
 * on. The video page loads this only for a YouTube video. The frame's address names the page's
 * own origin, which only the browser knows: the frame comes right after hydration, and only this
 * component renders again for it, not the whole player.
 */
import { useCallback, useRef } from "react";
import type { PlayerAdapter } from "@/lib/player/adapter";
import { AUTOPLAY_DELAY_MS, linkedStartMs } from "@/lib/player/start-time";
import { YouTubeAdapter, youtubeEmbedUrl } from "@/lib/player/youtube";
import { useMounted } from "@/lib/use-mounted";

type Props = {
  embedOrigin: string;
  youtubeId: string;
  title: string;
  autoplay: boolean;
  /** The frame's adapter when the frame is on the page, null when it goes. */
  onAdapter: (adapter: PlayerAdapter | null) => void;
};

export default function YouTubeFrame({ embedOrigin, youtubeId, title, autoplay, onAdapter }: Props) {
  const mounted = useMounted();
  const adapterRef = useRef<YouTubeAdapter | null>(null);
  // A new frame gets a new adapter (a callback ref).
  const attach = useCallback(
    (frame: HTMLIFrameElement) => {
      const adapter = new YouTubeAdapter(frame, embedOrigin);
      adapterRef.current = adapter;
      onAdapter(adapter);
      return () => {
        adapterRef.current = null;
        onAdapter(null);
      };
    },
    [embedOrigin, onAdapter],
  );
  if (!mounted) return null;
  return (
    <iframe
      ref={attach}
      src={youtubeEmbedUrl(embedOrigin, youtubeId, window.location.origin)}
      title={title}
      allow="autoplay; encrypted-media; picture-in-picture"
      className="pointer-events-none size-full border-0"
      onLoad={() => {
        const youtube = adapterRef.current;
        youtube?.start();
        const start = linkedStartMs(window.location.search);
        if (start) youtube?.seek(start);
        if (autoplay) setTimeout(() => adapterRef.current?.play(), AUTOPLAY_DELAY_MS);
      }}
    />
  );
}
