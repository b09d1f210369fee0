import type * as React from "react";

import { cn } from "@/lib/utils";

/**
 * A determinate progress bar: the WAI-ARIA progressbar Radix's Progress renders (same role, values
 * and data attributes), without the 1.4 KB of script it puts on every page showing a daily goal.
 * `aria-valuetext` defaults to the percentage; pass one to say more.
 */
function Progress({
  className,
  indicatorClassName,
  value,
  max = 100,
  ...props
}: Omit<React.ComponentProps<"div">, "children"> & {
  value: number | null | undefined;
  max?: number;
  /** Extra classes for the filled bar, e.g. `bg-streak` or `bg-success`. */
  indicatorClassName?: string;
}) {
  const known = typeof value === "number" && Number.isFinite(value) && max > 0;
  const now = known ? Math.min(Math.max(value, 0), max) : null;
  const ratio = now === null ? 0 : now / max;
  const state = now === null ? "indeterminate" : now === max ? "complete" : "loading";

  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={now ?? undefined}
      aria-valuetext={now === null ? undefined : `${Math.round(ratio * 100)}%`}
      data-slot="progress"
      data-state={state}
      data-value={now ?? undefined}
      data-max={max}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-primary/15", className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        data-state={state}
        data-value={now ?? undefined}
        data-max={max}
        className={cn("h-full w-full flex-1 rounded-full bg-primary transition-transform duration-500 ease-out", indicatorClassName)}
        style={{ transform: `translateX(-${100 - ratio * 100}%)` }}
      />
    </div>
  );
}

export { Progress };
