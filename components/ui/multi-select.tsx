"use client";

import * as React from "react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { ChevronDownIcon, XIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { Checkbox } from "@/components/ui/checkbox";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

export type MultiSelectOption = { value: string; label: string };

type MultiSelectProps = Omit<React.ComponentProps<"button">, "value" | "onChange" | "children"> & {
  options: MultiSelectOption[];
  value: string[];
  onValueChange: (value: string[]) => void;
  placeholder?: string;
  /** The trigger's text for two or more choices, e.g. "3 categories selected". */
  summary?: (selected: MultiSelectOption[]) => string;
  /** Shown in the list when there are no options. */
  emptyText?: string;
  /** Names the list of choices for screen readers. */
  listLabel?: string;
};

/**
 * A select for several values: a trigger that names the choice, and a popover of checkboxes.
 * Pass `id` and aria props (as FormControl does) to tie it to its label.
 */
function MultiSelect({
  options,
  value,
  onValueChange,
  placeholder,
  summary,
  emptyText,
  listLabel,
  className,
  disabled,
  ...props
}: MultiSelectProps) {
  const t = useTranslations("ui");
  const selected = options.filter((o) => value.includes(o.value));
  const text =
    selected.length === 0 ? null : selected.length === 1 ? selected[0]!.label : summary ? summary(selected) : t("selectedCount", { count: selected.length });

  function toggle(option: string, checked: boolean) {
    onValueChange(checked ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option));
  }

  return (
    <Popover>
      <PopoverTrigger asChild disabled={disabled}>
        <button
          type="button"
          data-slot="multi-select-trigger"
          data-placeholder={text === null ? "" : undefined}
          className={cn(
            "flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-input bg-background px-3 py-2 text-left text-sm shadow-xs transition-[color,box-shadow,border-color] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 data-[placeholder]:text-muted-foreground dark:bg-input/30 dark:hover:bg-input/50",
            className,
          )}
          {...props}
        >
          <span className="truncate">{text ?? placeholder ?? t("select")}</span>
          <ChevronDownIcon aria-hidden className="size-4 shrink-0 opacity-60" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) min-w-56 p-1">
        {options.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">{emptyText ?? t("nothingToChoose")}</p>
        ) : (
          <div role="group" aria-label={listLabel} className="max-h-64 overflow-y-auto">
            {options.map((option) => {
              const checked = value.includes(option.value);
              return (
                <label
                  key={option.value}
                  className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-2 text-sm hover:bg-accent hover:text-accent-foreground"
                >
                  <Checkbox checked={checked} onCheckedChange={(state) => toggle(option.value, state === true)} />
                  <span className="truncate">{option.label}</span>
                </label>
              );
            })}
          </div>
        )}
        {selected.length > 0 ? (
          <div className="mt-1 border-t pt-1">
            <button
              type="button"
              className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-sm text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              onClick={() => onValueChange([])}
            >
              <XIcon aria-hidden className="size-4" /> Clear selection
            </button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}

export { MultiSelect };
