"use client";
/** The edit form's publication choice (SPEC §4: only active and unpublished), shown with the directory's labels. */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useId } from "react";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";

/** Each choice's name (the directory's status label) and hint, in the catalogue's "admin" namespace. */
const CHOICES = [
  { value: "active", label: "status.active", hint: "publication.activeHint" },
  { value: "unpublished", label: "status.ready", hint: "publication.unpublishedHint" },
] as const;

type Publication = (typeof CHOICES)[number]["value"];

export function PublicationChoice({ value, onChange }: { value: Publication | null; onChange: (value: Publication) => void }) {
  const t = useTranslations("admin");
  const id = useId();
  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm leading-none font-medium">
        {t("publication.label")}
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
              <span className="text-sm font-semibold">{t(choice.label)}</span>
              <span id={`${id}-${choice.value}-hint`} className="text-xs text-muted-foreground">
                {t(choice.hint)}
              </span>
            </span>
          </label>
        ))}
      </RadioGroup>
    </div>
  );
}
