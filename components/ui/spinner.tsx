import * as React from "react";
import { Loader2Icon } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";

import { cn } from "@/lib/utils";

/**
 * A spinning loader icon. It announces `label` to screen readers; pass `label={null}`
 * when the surrounding text already says what is loading.
 */
function Spinner({
  className,
  label,
  ...props
}: React.ComponentProps<"svg"> & { label?: string | null }) {
  const t = useTranslations("ui");
  const icon = (
    <Loader2Icon
      data-slot="spinner"
      aria-hidden="true"
      className={cn("size-4 shrink-0 animate-spin", className)}
      {...props}
    />
  );

  if (label === null) {
    return icon;
  }

  return (
    <>
      {icon}
      <span role="status" className="sr-only">
        {label ?? t("loading")}
      </span>
    </>
  );
}

export { Spinner };
