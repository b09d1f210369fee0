"use client";
/**
 * A video's picture in a muted frame: the frame stays empty when there is no picture or it
 * cannot load (a YouTube thumbnail offline), never a broken-image icon. Overlays (the duration)
 * come as children.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Class names joined, not merged: no caller's classes conflict with the frame's or the picture's,
 * and `cn` would put tailwind-merge (5 KB) on the visitors' landing page, which shows thumbnails.
 */
const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(" ");

export function VideoThumbnail({
  src,
  className,
  imageClassName,
  loading,
  fetchPriority,
  children,
}: {
  src: string | null;
  className?: string;
  imageClassName?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  children?: ReactNode;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // An image that failed before the page hydrated sent its error event to nobody.
  useEffect(() => {
    const img = image.current;
    if (img && src && img.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);
  return (
    <div className={join("aspect-video overflow-hidden bg-muted", className)}>
      {src && failed !== src ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img ref={image} src={src} alt="" loading={loading} fetchPriority={fetchPriority} className={join("size-full object-cover", imageClassName)} onError={() => setFailed(src)} />
      ) : null}
      {children}
    </div>
  );
}
