"use client";
/**
 * An on/off switch: a button with the switch role, its state in aria-checked and data-state (as
 * Radix's Switch renders it). Not Radix's own: that one keeps its button in React state through a
 * ref, so every page with a switch re-rendered it, and ran all the page's effects, inside the
 * task that hydrates the page.
 */
import * as React from "react";

import { cn } from "@/lib/utils";

type SwitchProps = Omit<React.ComponentProps<"button">, "onChange" | "value" | "defaultChecked"> & {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

function Switch({ className, checked, defaultChecked = false, onCheckedChange, onClick, ...props }: SwitchProps) {
  const [own, setOwn] = React.useState(defaultChecked);
  const on = checked ?? own;
  const state = on ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      data-state={state}
      data-slot="switch"
      className={cn(
        "peer inline-flex h-6 w-10 shrink-0 items-center rounded-full border border-transparent shadow-xs transition-all outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input dark:data-[state=unchecked]:bg-input/80",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        if (checked === undefined) setOwn(!on);
        onCheckedChange?.(!on);
      }}
      {...props}
    >
      <span
        data-slot="switch-thumb"
        data-state={state}
        className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-[calc(100%-2px)] data-[state=unchecked]:translate-x-0.5 dark:data-[state=checked]:bg-primary-foreground dark:data-[state=unchecked]:bg-foreground"
      />
    </button>
  );
}

export { Switch };
