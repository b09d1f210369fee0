"use client";
/** A labelled text input bound to a react-hook-form field, with its validation message. */
import type { ComponentProps, ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

type TextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** Shown at the right of the label, e.g. a "Forgot password?" link. */
  labelAction?: ReactNode;
} & Omit<ComponentProps<typeof Input>, "name" | "value" | "onChange" | "onBlur" | "ref">;

export function TextField<T extends FieldValues>({ control, name, label, labelAction, ...input }: TextFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          {labelAction ? (
            <div className="flex items-center justify-between">
              <FormLabel>{label}</FormLabel>
              {labelAction}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          <FormControl>
            <Input {...input} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The main button of a form: full width, with a spinner while the form is submitting. */
export function SubmitButton({ pending, className, children, ...props }: ComponentProps<typeof Button> & { pending: boolean }) {
  return (
    <Button type="submit" size="lg" className={cn("w-full", className)} disabled={pending} {...props}>
      {pending ? <Spinner /> : null}
      {children}
    </Button>
  );
}
