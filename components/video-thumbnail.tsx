"use client";
/**
 * A video's picture in a muted frame: the frame stays empty when there is no picture or it
 * cannot load (a YouTube thumbnail offline), never a broken-image icon. Overlays (the duration)
 * come as children.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "@/lib/utils";

export function VideoThumbnail({
  src,
  className,
  imageClassName,
  loading,
  children,
}: {
  src: string | null;
  className?: string;
  imageClassName?: string;
  loading?: "lazy" | "eager";
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
    <div className={cn("aspect-video overflow-hidden bg-muted", className)}>
      {src && failed !== src ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img ref={image} src={src} alt="" loading={loading} className={cn("size-full object-cover", imageClassName)} onError={() => setFailed(src)} />
      ) : null}
      {children}
    </div>
  );
}
