import * as React from "react";
import { Loader2Icon } from "lucide-react";

import { cn } from "@/lib/utils";

/**
 * A spinning loader icon. It announces `label` to screen readers; pass `label={null}`
 * when the surrounding text already says what is loading.
 */
function Spinner({
  className,
  label = "Loading",
  ...props
}: React.ComponentProps<"svg"> & { label?: string | null }) {
  const icon = (
    <Loader2Icon
      data-slot="spinner"
      aria-hidden="true"
      className={cn("size-4 shrink-0 animate-spin", className)}
      {...props}
    />
  );

  if (!label) {
    return icon;
  }

  return (
    <>
      {icon}
      <span role="status" className="sr-only">
        {label}
      </span>
    </>
  );
}

export { Spinner };
