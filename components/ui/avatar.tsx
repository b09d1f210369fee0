"use client";
/**
 * A round avatar: the picture once it has loaded, else the fallback (initials). Written here
 * rather than with Radix's avatar, whose context and primitives came with every signed-in page's
 * first load for the header's account button; it behaves the same: the image shows only once
 * loaded, and a broken one leaves the fallback.
 */
import * as React from "react";

import { cn } from "@/lib/utils";

type Status = "idle" | "loading" | "loaded" | "error";
const AvatarStatus = React.createContext<{ status: Status; setStatus: (status: Status) => void }>({ status: "idle", setStatus: () => {} });

function Avatar({ className, ...props }: React.ComponentProps<"span">) {
  const [status, setStatus] = React.useState<Status>("idle");
  const value = React.useMemo(() => ({ status, setStatus }), [status]);
  return (
    <AvatarStatus.Provider value={value}>
      <span data-slot="avatar" className={cn("relative flex size-9 shrink-0 overflow-hidden rounded-full", className)} {...props} />
    </AvatarStatus.Provider>
  );
}

function AvatarImage({ className, src, alt = "", ...props }: React.ComponentProps<"img">) {
  const { status, setStatus } = React.useContext(AvatarStatus);
  React.useLayoutEffect(() => {
    if (!src || typeof src !== "string") {
      setStatus("error");
      return;
    }
    let active = true;
    const image = new window.Image();
    image.onload = () => active && setStatus("loaded");
    image.onerror = () => active && setStatus("error");
    setStatus("loading");
    image.src = src;
    return () => {
      active = false;
      setStatus("idle");
    };
  }, [src, setStatus]);
  if (status !== "loaded") return null;
  // eslint-disable-next-line @next/next/no-img-element -- a profile picture from any host, already loaded above
  return <img data-slot="avatar-image" src={src} alt={alt} className={cn("aspect-square size-full object-cover", className)} {...props} />;
}

function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  const { status } = React.useContext(AvatarStatus);
  if (status === "loaded") return null;
  return (
    <span
      data-slot="avatar-fallback"
      className={cn("flex size-full items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground", className)}
      {...props}
    />
  );
}

export { Avatar, AvatarImage, AvatarFallback };
