"use client";
/**
 * One word of the Saved screen's list: the word, its status, its meaning (the learner's note
 * first, editable in place), a line where it is said (a link to that moment of the video), and
 * Remove (with an undo toast that says what removing did) or, for a word met in a quiz, Save.
 */
import { BookmarkPlus, Pencil, Play, Trash2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { NoteField } from "@/components/words/note-field";
import { STATUS_BADGE_STYLES } from "@/components/words/status-styles";
import { useRemoveSavedWord, useSaveListedWord } from "@/lib/data/use-saved-words";
import { useSaveWordNote } from "@/lib/data/use-word-note";
import type { SavedWord } from "@/lib/types/api";
import { cn } from "@/lib/utils";

/** PUT /api/words/notes takes a note this long (lib/validation/word-lookup.ts; zod stays off this page). */

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

function NoteEditor({ word, onDone }: { word: SavedWord; onDone: () => void }) {
  const t = useTranslations("saved.word");
  const id = useId();
  const save = useSaveWordNote();
  const [text, setText] = useState(word.note ?? "");
  const unchanged = text.trim() === (word.note ?? "").trim();
  return (
    <form
      className="space-y-2"
      data-testid="saved-word-note-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (unchanged) return onDone();
        save.mutate({ language: word.language, lemma: word.lemma, note: text }, { onSuccess: onDone });
      }}
    >
      <label htmlFor={id} className="block text-xs font-medium text-muted-foreground">
        {t.rich("noteLabel", { lemma: word.lemma, word: (chunks) => <span lang={word.language}>{chunks}</span> })}
      </label>
      <NoteField
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone();
        }}
        autoFocus
        className="min-h-16"
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? t("saving") : word.note && !text.trim() ? t("removeNote") : t("saveNote")}
        </Button>
      </div>
    </form>
  );
}

function Meaning({ word }: { word: SavedWord }) {
  const t = useTranslations("saved.word");
  if (!word.meaning) return <p className="text-sm text-muted-foreground italic">{t("noMeaning")}</p>;
  const { source, text } = word.meaning;
  const label = (chunks: ReactNode) => <span className="font-medium text-muted-foreground">{chunks}</span>;
  return (
    <p className="line-clamp-3 text-sm break-words" data-testid="saved-word-meaning">
      {source === "note" ? t.rich("meaningNote", { label, text }) : source === "line" ? t.rich("meaningLine", { label, text }) : text}
    </p>
  );
}

export function SavedWordRow({ word, languageName }: { word: SavedWord; languageName: string | undefined }) {
  const t = useTranslations("saved");
  const [editing, setEditing] = useState(false);
  const remove = useRemoveSavedWord();
  const save = useSaveListedWord();
  const line = word.occurrence;
  const key = { language: word.language, lemma: word.lemma };

  return (
    <li className="space-y-2 rounded-xl border bg-card p-4" data-testid="saved-word" data-lemma={word.lemma} data-status={word.status}>
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3 gap-y-1">
          <span lang={word.language} className="text-lg font-semibold break-words">
            {word.lemma}
          </span>
          <span className={cn("rounded-full border px-2 py-0.5 text-xs font-medium", STATUS_BADGE_STYLES[word.status])} data-testid="saved-word-status">
            {t(`status.${word.status}`)}
          </span>
          {languageName && <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{languageName}</span>}
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0">
          <Button type="button" variant="ghost" size="icon" className="size-10 text-muted-foreground" aria-label={t("word.editNote", { lemma: word.lemma })} aria-expanded={editing} onClick={() => setEditing(!editing)}>
            <Pencil aria-hidden />
          </Button>
          {word.savedAt === null ? (
            <Button type="button" variant="outline" size="sm" className="mt-1 ml-1 h-9" aria-label={t("word.saveWord", { lemma: word.lemma })} disabled={save.isPending} onClick={() => save.mutate(key)}>
              <BookmarkPlus aria-hidden />
              {t("word.save")}
            </Button>
          ) : (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-10 text-muted-foreground hover:text-destructive"
              aria-label={t("word.removeWord", { lemma: word.lemma })}
              disabled={remove.isPending}
              onClick={() => remove.mutate(key)}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
        </div>
      </div>
      {editing ? <NoteEditor word={word} onDone={() => setEditing(false)} /> : <Meaning word={word} />}
      {line && (
        <div className="space-y-1 border-l-2 border-primary/40 pl-3">
          <p lang={word.language} className="text-sm break-words">
            {line.text.slice(0, line.wordStart)}
            <mark className="rounded bg-amber-200/80 px-0.5 text-foreground dark:bg-amber-400/25">{line.text.slice(line.wordStart, line.wordEnd)}</mark>
            {line.text.slice(line.wordEnd)}
          </p>
          {line.translation && <p className="text-sm text-muted-foreground break-words">{line.translation}</p>}
          <Link
            href={line.href}
            className="inline-flex max-w-full items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <Play className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{line.videoTitle}</span>
            <span className="shrink-0 text-muted-foreground tabular-nums">{clock(line.startMs)}</span>
          </Link>
        </div>
      )}
    </li>
  );
}
