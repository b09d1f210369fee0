"use client";
/**
 * A labelled whole-number input bound to a react-hook-form field, with its hint and validation
 * message. It hands the form a number, NaN while the box is empty, so the form's schema says what
 * is wrong rather than a string slipping through.
 */
import type { ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";

export function NumberInput<T extends FieldValues>({
  control,
  name,
  label,
  description,
  min,
  max,
  className,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
  min?: number;
  max?: number;
  /** The field's box (label, input, hint), e.g. a width. */
  className?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              disabled={field.disabled}
              value={typeof field.value === "number" && !Number.isNaN(field.value) ? field.value : ""}
              onChange={(event) => field.onChange(event.target.value === "" ? Number.NaN : event.target.valueAsNumber)}
            />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
