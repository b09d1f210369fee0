/** A word's meaning as the look-up answers it: the learner's note, the video's own translation, dictionaries (credited), the AI's (credited), or why there is none. */
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useErrorText } from "@/lib/data/use-error-text";
import type { WordLookup } from "@/lib/words/meanings/lookup";
import { DictionaryAnswer } from "./dictionary-answer";

export function WordMeaning({ lookup }: { lookup: Pick<UseQueryResult<WordLookup>, "isPending" | "isError" | "error" | "data"> }) {
  const t = useTranslations("words");
  const errorText = useErrorText();
  const data = lookup.data;
  return (
    <div aria-live="polite" data-testid="word-meaning">
      {lookup.isPending ? (
        <p className="text-muted-foreground">{t("lookingUp")}</p>
      ) : lookup.isError ? (
        <p className="text-destructive">{errorText(lookup.error, t("meaningLoadError"))}</p>
      ) : data ? (
        <div className="space-y-2">
          {data.note ? (
            <p>{t.rich("yourNote", { note: data.note.text, label: (chunks) => <span className="font-medium">{chunks}</span> })}</p>
          ) : null}
          {data.vocabulary ? (
            <div>
              <p className="text-base font-medium">{data.vocabulary.translation}</p>
              <p className="mt-1 text-xs text-muted-foreground" data-testid="word-credit">
                {t("vocabularyCredit")}
              </p>
            </div>
          ) : null}
          {data.dictionaries.map((dictionary) => (
            <DictionaryAnswer key={`${dictionary.name}-${dictionary.headword}`} dictionary={dictionary} />
          ))}
          {data.ai ? (
            <div>
              {data.ai.inLine ? (
                <p>{t.rich("inLine", { meaning: data.ai.inLine, label: (chunks) => <span className="font-medium">{chunks}</span> })}</p>
              ) : null}
              {data.ai.meanings.length ? <p>{data.ai.meanings.join("; ")}</p> : null}
              <p className="mt-1 text-xs text-muted-foreground" data-testid="word-credit">
                {t("aiCredit", { model: data.ai.model })}
              </p>
            </div>
          ) : null}
          {/* The server's message is one of two, told apart by whether the line has a translation: said here in the reader's language. */}
          {data.message ? <p className="text-muted-foreground">{data.lineTranslation === null ? t("noMeaning") : t("noMeaningLineContext")}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
