"use client";
/**
 * The learner's own note on a word, editable where the word's meaning is shown away from the
 * popover (the review card): their note is the meaning shown first everywhere, so a word the app
 * knows no meaning of gets one here. Emptying it removes it.
 */
import { useId, useState } from "react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";
import { NoteField } from "./note-field";
import { useSaveWordNote } from "@/lib/data/use-word-note";

type Props = { language: string; lemma: string; saved: string };

export function WordNoteEditor({ language, lemma, saved }: Props) {
  const t = useTranslations("words");
  const id = useId();
  const save = useSaveWordNote();
  // The note as typed; null until the learner types (then the saved note shows as it loads).
  const [typed, setTyped] = useState<string | null>(null);
  const note = typed ?? saved;
  const changed = typed !== null && typed.trim() !== saved.trim();
  return (
    <form
      className="space-y-1"
      data-testid="word-note-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) save.mutate({ language, lemma, note: typed }, { onSuccess: () => setTyped(null) });
      }}
    >
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {t("noteLabel")}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <NoteField id={id} value={note} onChange={(event) => setTyped(event.target.value)} className="flex-1" />
        <Button type="submit" variant="outline" disabled={!changed || save.isPending} className="sm:mt-0">
          {save.isPending ? t("saving") : saved && !note.trim() ? t("removeNote") : t("saveNote")}
        </Button>
      </div>
    </form>
  );
}
