"use client";
/** One caption line in the owner's segment editor: read mode (click the pencil or a word to edit) and edit mode. */
import { Pencil } from "lucide-react";
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Fragment, useMemo, useState } from "react";
import { LanguageFlag, languageDisplayName } from "@/components/language-flag";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { CaptionSegment, SegmentTranslation } from "@/lib/types/api";
import type { SegmentChange } from "@/lib/data/use-segment-editor";
import { formatMediaTime } from "@/lib/format";
import { languageName } from "@/lib/i18n/locales";
import { wordKey } from "@/lib/text/stop-words";
import { findWord, tokenize } from "@/lib/text/tokenize";
import { lineParts, longerWord, unbreakableRuns, wordChoices } from "@/lib/text/word-choices";
import { cn } from "@/lib/utils";
import { UpdateTranslationsDialog } from "./update-translations-dialog";

const HIGHLIGHT = "bg-primary/15 font-semibold text-primary";

export function SegmentRow({
  line,
  number,
  language,
  word,
  translations,
  languages,
  saving,
  onSave,
  onSeek,
}: {
  line: CaptionSegment;
  number: number;
  /** The video's language: the line's words are found by its rules (Japanese has no spaces, French elides). */
  language: string;
  /** The line's vocabulary word, if it has one. */
  word: string | undefined;
  translations: SegmentTranslation[];
  languages: string[];
  saving: boolean;
  onSave: (change: Omit<SegmentChange, "segmentId">) => Promise<boolean>;
  onSeek: (ms: number) => void;
}) {
  const t = useTranslations("player");
  const locale = useLocale();
  const current = word ?? "";
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(line.text);
  const [chosen, setChosen] = useState(current);
  const [confirming, setConfirming] = useState(false);
  // The player re-renders the editor as the media time moves: tokenise each line once.
  const tokens = useMemo(() => tokenize(line.text, language), [line.text, language]);
  const parts = useMemo(() => lineParts(line.text, tokens, word), [line.text, tokens, word]);

  /** Edit mode, with `pick` chosen if the line may teach it (a click on a stop-word keeps the current word). */
  function edit(pick?: string) {
    setText(line.text);
    setChosen(pick && findWord(line.text, tokens, pick, language) ? pick : current);
    setEditing(true);
  }

  const trimmed = text.trim();
  const textChanged = trimmed !== "" && trimmed !== line.text.trim();
  const editTokens = editing ? tokenize(trimmed, language) : [];
  const hasWords = editTokens.some((token) => !token.clitic);
  // The words the server accepts, each once as the (new) text writes it; the current and chosen ones even when they span pieces.
  const choices = editing ? wordChoices(trimmed, editTokens, language, [current, chosen]) : [];
  const choice = choices.find((c) => c.key === wordKey(chosen));
  const longer = choice && longerWord(trimmed, editTokens, choice.text, language);
  const wordChanged = chosen !== "" && wordKey(chosen) !== wordKey(current);
  // Save only when something changed; a newly chosen word must be in the (new) text.
  const canSave = hasWords && (textChanged || wordChanged) && (!wordChanged || !!choice);

  async function save(updateTranslations: boolean) {
    const saved = await onSave({
      newText: textChanged ? trimmed : undefined,
      newWord: wordChanged ? choice?.text : undefined,
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
          aria-label={t("editor.playLine", { number, time: formatMediaTime(line.startTime) })}
        >
          {formatMediaTime(line.startTime)}
        </button>
        <div className="min-w-0 flex-1">
          {editing ? (
            <div className="space-y-3">
              <Textarea value={text} onChange={(e) => setText(e.target.value)} aria-label={t("editor.lineText", { number })} maxLength={2000} />
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium">{t("editor.vocabularyWord")}</legend>
                <div role="group" aria-label={t("editor.vocabularyWordOfLine", { number })} className="flex flex-wrap gap-1.5">
                  {choices.map((c) => (
                    <button
                      key={c.key}
                      type="button"
                      aria-pressed={c === choice}
                      onClick={() => setChosen(c.text)}
                      className="min-h-9 rounded-full border px-3 text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
                    >
                      {c.text}
                    </button>
                  ))}
                </div>
                {longer ? (
                  // Japanese and Chinese verbs come in pieces (飲|み|ます): the chosen word grows by the next one.
                  <Button type="button" variant="outline" size="sm" className="mt-1.5" onClick={() => setChosen(longer)}>
                    {t("editor.extendTo", { word: longer })}
                  </Button>
                ) : null}
                {!hasWords ? (
                  <p className="text-sm text-destructive">{t("editor.needsWord")}</p>
                ) : choices.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t("editor.nothingTeachable")}</p>
                ) : null}
              </fieldset>
              <div className="flex flex-wrap gap-2">
                <Button type="button" onClick={() => setConfirming(true)} disabled={!canSave || saving}>
                  {t("editor.save")}
                </Button>
                <Button type="button" variant="outline" onClick={() => setEditing(false)} disabled={saving}>
                  {t("editor.cancel")}
                </Button>
              </div>
              <UpdateTranslationsDialog open={confirming} onOpenChange={setConfirming} saving={saving} onChoose={save} />
            </div>
          ) : (
            <p className="leading-relaxed" data-testid="segment-text">
              {line.text ? (
                // The line as written (its spacing and punctuation kept); each word is a button, and a clitic ("l'") is text.
                unbreakableRuns(parts).map((run, r) =>
                  typeof run === "string" ? (
                    run
                  ) : (
                    <span key={r} className="whitespace-nowrap">
                      {run.map((part, i) =>
                        part.token && !part.token.clitic ? (
                          <button
                            key={i}
                            type="button"
                            // A piece of the vocabulary word (み of 飲みます) keeps the word as it is.
                            onClick={() => edit(part.vocabulary ? undefined : part.text)}
                            className={cn(
                              "-mx-0.5 rounded px-0.5 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                              part.vocabulary && HIGHLIGHT,
                            )}
                          >
                            {part.text}
                          </button>
                        ) : (
                          <Fragment key={i}>{part.vocabulary ? <span className={HIGHLIGHT}>{part.text}</span> : part.text}</Fragment>
                        ),
                      )}
                    </span>
                  ),
                )
              ) : (
                <span className="text-muted-foreground">{t("noText")}</span>
              )}
            </p>
          )}
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-muted-foreground select-none">{t("editor.translations")}</summary>
            <dl className="mt-2 grid gap-1.5">
              {languages.map((code) => {
                const translated = translations.find((row) => row.language === code)?.translatedText;
                return (
                  <div key={code} className="flex items-start gap-2">
                    <dt className="mt-0.5 shrink-0">
                      <LanguageFlag code={code} label={languageName(code, locale) ?? languageDisplayName(code)} />
                    </dt>
                    <dd className={cn("min-w-0", !translated && "text-muted-foreground italic")}>{translated || t("noTranslation")}</dd>
                  </div>
                );
              })}
            </dl>
          </details>
        </div>
        {editing ? null : (
          <Button type="button" variant="ghost" size="icon" className="size-10 shrink-0" aria-label={t("editor.editLine", { number })} onClick={() => edit()}>
            <Pencil aria-hidden />
          </Button>
        )}
      </div>
    </li>
  );
}
