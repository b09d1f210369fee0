/** How much of a video the learner knows ("92 % known"), on cards and the video page; nothing while it is unknown. */
import { cn } from "@/lib/utils";

export function Comprehension({ value, className }: { value: number | null | undefined; className?: string }) {
  if (value === null || value === undefined) return null;
  const percent = Math.round(value);
  return (
    <p className={cn("tabular-nums", className)} data-comprehension={percent} data-testid="comprehension">
      {percent} % known
    </p>
  );
}
