/** A word's meaning as the look-up answers it: the learner's note, the video's own translation, dictionaries (credited), the AI's (credited), or why there is none. */
import type { UseQueryResult } from "@tanstack/react-query";
import { errorMessage } from "@/lib/data/api";
import type { WordLookup } from "@/lib/words/meanings/lookup";
import { DictionaryAnswer } from "./dictionary-answer";

export function WordMeaning({ lookup }: { lookup: Pick<UseQueryResult<WordLookup>, "isPending" | "isError" | "error" | "data"> }) {
  const data = lookup.data;
  return (
    <div aria-live="polite" data-testid="word-meaning">
      {lookup.isPending ? (
        <p className="text-muted-foreground">Looking up the meaning…</p>
      ) : lookup.isError ? (
        <p className="text-destructive">{errorMessage(lookup.error, "The meaning could not be loaded.")}</p>
      ) : data ? (
        <div className="space-y-2">
          {data.note ? (
            <p>
              <span className="font-medium">Your note: </span>
              {data.note.text}
            </p>
          ) : null}
          {data.vocabulary ? (
            <div>
              <p className="text-base font-medium">{data.vocabulary.translation}</p>
              <p className="mt-1 text-xs text-muted-foreground" data-testid="word-credit">
                Translation from the videos&apos; vocabulary
              </p>
            </div>
          ) : null}
          {data.dictionaries.map((dictionary) => (
            <DictionaryAnswer key={`${dictionary.name}-${dictionary.headword}`} dictionary={dictionary} />
          ))}
          {data.ai ? (
            <div>
              {data.ai.inLine ? (
                <p>
                  <span className="font-medium">Here: </span>
                  {data.ai.inLine}
                </p>
              ) : null}
              {data.ai.meanings.length ? <p>{data.ai.meanings.join("; ")}</p> : null}
              <p className="mt-1 text-xs text-muted-foreground" data-testid="word-credit">
                Meaning by AI ({data.ai.model})
              </p>
            </div>
          ) : null}
          {data.message ? <p className="text-muted-foreground">{data.message}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
