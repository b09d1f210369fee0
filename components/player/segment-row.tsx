"use client";
/** One caption line in the owner's segment editor: read mode (click the pencil or a word to edit) and edit mode. */
import { Pencil } from "lucide-react";
import { Fragment, useState } from "react";
import { LanguageFlag, languageDisplayName } from "@/components/language-flag";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { CaptionSegment, SegmentTranslation } from "@/lib/data/types";
import type { SegmentChange } from "@/lib/data/use-segment-editor";
import { formatDuration } from "@/lib/format";
import { normalizeWord } from "@/lib/player/timing";
import { cn } from "@/lib/utils";
import { UpdateTranslationsDialog } from "./update-translations-dialog";

const tokens = (text: string) => text.split(/\s+/).filter((t) => normalizeWord(t));

export function SegmentRow({
  line,
  number,
  word,
  translations,
  languages,
  saving,
  onSave,
  onSeek,
}: {
  line: CaptionSegment;
  number: number;
  /** The line's vocabulary word, if it has one. */
  word: string | undefined;
  translations: SegmentTranslation[];
  languages: string[];
  saving: boolean;
  onSave: (change: Omit<SegmentChange, "segmentId">) => Promise<boolean>;
  onSeek: (ms: number) => void;
}) {
  const current = word ? normalizeWord(word) : "";
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(line.text);
  const [chosen, setChosen] = useState(current);
  const [confirming, setConfirming] = useState(false);

  function edit(pick?: string) {
    setText(line.text);
    setChosen(pick ?? current);
    setEditing(true);
  }

  const trimmed = text.trim();
  const textChanged = trimmed !== "" && trimmed !== line.text.trim();
  const wordChanged = chosen !== "" && chosen !== current;
  // Each distinct word once, keyed as the server compares them, shown as written (without punctuation).
  const choices = [...new Set(tokens(trimmed).map(normalizeWord))];
  const shown = new Map(tokens(trimmed).reverse().map((t) => [normalizeWord(t), t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")]));
  // Save only when something changed; a newly chosen word must be in the (new) text.
  const canSave = choices.length > 0 && (textChanged || wordChanged) && (!wordChanged || choices.includes(chosen));

  async function save(updateTranslations: boolean) {
    const saved = await onSave({
      newText: textChanged ? trimmed : undefined,
      newWord: wordChanged ? chosen : undefined,
      updateTranslations,
    });
    setConfirming(false);
    if (saved) setEditing(false);
  }

  return (
    <li className="rounded-xl border bg-card p-3 sm:p-4" data-testid="segment-row" data-segment-id={line.id}>
      <div className="flex items-start gap-3">
        <button
          type="button"
          onClick={() => onSeek(line.startTime)}
          className="mt-1 shrink-0 rounded text-xs text-muted-foreground tabular-nums hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label={`Play line ${number} from ${formatDuration(line.startTime)}`}
        >
          {formatDuration(line.startTime)}
        </button>
        <div className="min-w-0 flex-1">
          {editing ? (
            <div className="space-y-3">
              <Textarea value={text} onChange={(e) => setText(e.target.value)} aria-label={`Text of line ${number}`} maxLength={2000} />
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium">Vocabulary word</legend>
                <div role="group" aria-label={`Vocabulary word of line ${number}`} className="flex flex-wrap gap-1.5">
                  {choices.map((choice) => (
                    <button
                      key={choice}
                      type="button"
                      aria-pressed={(chosen || current) === choice}
                      onClick={() => setChosen(choice)}
                      className="min-h-9 rounded-full border px-3 text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
                    >
                      {shown.get(choice) ?? choice}
                    </button>
                  ))}
                </div>
                {choices.length === 0 ? <p className="text-sm text-destructive">The line needs at least one word.</p> : null}
              </fieldset>
              <div className="flex flex-wrap gap-2">
                <Button type="button" onClick={() => setConfirming(true)} disabled={!canSave || saving}>
                  Save
                </Button>
                <Button type="button" variant="outline" onClick={() => setEditing(false)} disabled={saving}>
                  Cancel
                </Button>
              </div>
              <UpdateTranslationsDialog open={confirming} onOpenChange={setConfirming} saving={saving} onChoose={save} />
            </div>
          ) : (
            <p className="leading-relaxed" data-testid="segment-text">
              {line.text ? (
                tokens(line.text).map((token, i) => (
                  <Fragment key={`${token}-${i}`}>
                    {i > 0 ? " " : null}
                    <button
                      type="button"
                      onClick={() => edit(normalizeWord(token))}
                      className={cn(
                        "-mx-0.5 rounded px-0.5 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                        current && normalizeWord(token) === current && "bg-primary/15 font-semibold text-primary",
                      )}
                    >
                      {token}
                    </button>
                  </Fragment>
                ))
              ) : (
                <span className="text-muted-foreground">No text available</span>
              )}
            </p>
          )}
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-muted-foreground select-none">Translations</summary>
            <dl className="mt-2 grid gap-1.5">
              {languages.map((code) => {
                const translated = translations.find((t) => t.language === code)?.translatedText;
                return (
                  <div key={code} className="flex items-start gap-2">
                    <dt className="mt-0.5 shrink-0">
                      <LanguageFlag code={code} label={languageDisplayName(code)} />
                    </dt>
                    <dd className={cn("min-w-0", !translated && "text-muted-foreground italic")}>{translated || "No translation available"}</dd>
                  </div>
                );
              })}
            </dl>
          </details>
        </div>
        {editing ? null : (
          <Button type="button" variant="ghost" size="icon" className="size-10 shrink-0" aria-label={`Edit line ${number}`} onClick={() => edit()}>
            <Pencil aria-hidden />
          </Button>
        )}
      </div>
    </li>
  );
}
