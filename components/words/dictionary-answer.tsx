/**
 * One dictionary's answer, in the word popover and on the review card: the pronunciation and
 * grammar apart and muted, the senses numbered once (one sense is not numbered), and the credit
 * its licence asks for, whole: it wraps, however long the licence or its address.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import type { DictionaryMeaning } from "@/lib/words/meanings/lookup";

export function DictionaryAnswer({ dictionary }: { dictionary: DictionaryMeaning }) {
  const t = useTranslations("words");
  const { definitions, pronunciation, grammar } = dictionary;
  return (
    <div data-testid="dictionary-answer">
      {pronunciation || grammar ? (
        <p className="text-muted-foreground wrap-break-word">
          {pronunciation ? <span data-testid="dictionary-pronunciation">{pronunciation}</span> : null}
          {pronunciation && grammar ? " · " : null}
          {grammar ? (
            <span className="italic" data-testid="dictionary-grammar">
              {grammar}
            </span>
          ) : null}
        </p>
      ) : null}
      {definitions.length === 1 ? (
        <p className="wrap-break-word" data-testid="dictionary-sense">
          {definitions[0]}
        </p>
      ) : (
        <ol className="list-outside list-decimal space-y-0.5 pl-5 wrap-break-word">
          {definitions.map((definition, i) => (
            <li key={i} data-testid="dictionary-sense">
              {definition}
            </li>
          ))}
        </ol>
      )}
      <p className="mt-1 text-xs text-muted-foreground wrap-break-word" data-testid="word-credit">
        {dictionary.edition
          ? t("dictionaryCreditEdition", { name: dictionary.name, edition: dictionary.edition, licence: dictionary.licence })
          : t("dictionaryCredit", { name: dictionary.name, licence: dictionary.licence })}
      </p>
    </div>
  );
}
