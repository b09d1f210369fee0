"use client";
/** The edit form's publication choice (SPEC §4: only active and unpublished), shown with the directory's labels. */
import { useId } from "react";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { statusLabel } from "@/lib/admin/video-status";

const CHOICES = [
  { value: "active", hint: "Published: learners can find and watch it." },
  { value: "unpublished", hint: "Unpublished: hidden from learners." },
] as const;

type Publication = (typeof CHOICES)[number]["value"];

export function PublicationChoice({ value, onChange }: { value: Publication | null; onChange: (value: Publication) => void }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm leading-none font-medium">
        Status
      </p>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={value ?? ""}
        onValueChange={(v) => onChange(v as Publication)}
        className="grid gap-2 sm:grid-cols-2"
      >
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            htmlFor={`${id}-${choice.value}`}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-data-[state=checked]:border-primary has-data-[state=checked]:bg-primary/5"
          >
            <RadioGroupItem id={`${id}-${choice.value}`} value={choice.value} className="mt-0.5" aria-describedby={`${id}-${choice.value}-hint`} />
            <span className="grid gap-0.5">
              <span className="text-sm font-semibold">{statusLabel(choice.value)}</span>
              <span id={`${id}-${choice.value}-hint`} className="text-xs text-muted-foreground">
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
      </RadioGroup>
    </div>
  );
}
