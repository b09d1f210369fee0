import * as React from "react";

import { cn } from "@/lib/utils";

const SIZES = {
  sm: { mark: 24, text: "text-base", gap: "gap-1.5" },
  md: { mark: 32, text: "text-xl", gap: "gap-2" },
  lg: { mark: 44, text: "text-3xl", gap: "gap-2.5" },
  xl: { mark: 64, text: "text-5xl", gap: "gap-3.5" },
} as const;

export type BrandLogoSize = keyof typeof SIZES;

export type BrandLogoProps = Omit<React.ComponentProps<"span">, "children"> & {
  size?: BrandLogoSize;
  /** Show the "LingoReel" wordmark next to the mark (default true). */
  withWordmark?: boolean;
  /** "inverted" for placement on the brand colour itself (white wordmark). */
  tone?: "default" | "inverted";
  /** Classes for the wordmark alone (the header sets it smaller on the narrowest phones). */
  wordmarkClassName?: string;
};

/**
 * The LingoReel mark: a speech bubble with a play button on a violet tile, with an
 * amber spark for the daily streak. Colours come from the theme, so it works on
 * light and dark backgrounds.
 */
export function BrandMark({
  size = 32,
  className,
  title,
  ...props
}: Omit<React.ComponentProps<"svg">, "children"> & { size?: number; title?: string }) {
  const gradientId = `lr-logo-${React.useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;

  return (
    <svg
      data-slot="brand-mark"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      xmlns="http://www.w3.org/2000/svg"
      className={cn("shrink-0", className)}
      {...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true })}
      {...props}
    >
      <defs>
        <linearGradient id={gradientId} x1="4" y1="2" x2="28" y2="30" gradientUnits="userSpaceOnUse">
          <stop offset="0" style={{ stopColor: "var(--primary)" }} />
          <stop offset="1" style={{ stopColor: "var(--brand-2)" }} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M12.5 8h7a5 5 0 0 1 5 5v3.5a5 5 0 0 1-5 5h-5.6l-3.6 3.05c-.4.34-1.02.06-1.02-.47V21.1A5 5 0 0 1 7.5 16.5V13a5 5 0 0 1 5-5Z"
        fill="white"
      />
      <path
        d="M14.3 11.55v6.4c0 .5.55.8.97.53l4.93-3.2a.63.63 0 0 0 0-1.06l-4.93-3.2a.63.63 0 0 0-.97.53Z"
        fill={`url(#${gradientId})`}
      />
      <circle
        cx="25.6"
        cy="6.4"
        r="3.6"
        className="fill-streak stroke-white dark:stroke-background"
        strokeWidth="1.6"
      />
    </svg>
  );
}

/** The mark plus the "LingoReel" wordmark. */
export function BrandLogo({
  size = "md",
  withWordmark = true,
  tone = "default",
  wordmarkClassName,
  className,
  ...props
}: BrandLogoProps) {
  const s = SIZES[size];

  if (!withWordmark) {
    return (
      <span
        data-slot="brand-logo"
        className={cn("inline-flex items-center", className)}
        {...props}
      >
        <BrandMark size={s.mark} title="LingoReel" />
      </span>
    );
  }

  return (
    <span
      data-slot="brand-logo"
      className={cn("inline-flex items-center select-none", s.gap, className)}
      {...props}
    >
      <BrandMark size={s.mark} />
      <span className={cn("leading-none font-extrabold tracking-tight", s.text, wordmarkClassName)}>
        <span className={tone === "inverted" ? "text-white" : "text-foreground"}>Lingo</span>
        <span className={tone === "inverted" ? "text-white/75" : "text-primary"}>Reel</span>
      </span>
    </span>
  );
}
