"use client";
/**
 * The owner's live segment editor under the player (SPEC §2, §4): every line with its
 * vocabulary word and its translations in each language; a line enters edit mode by its
 * pencil or a click on one of its words. Below it, the vocabulary editor (not yet available).
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { toast } from "@/lib/toast";
import { LANGUAGE_CODES } from "@/components/language-flag";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { CaptionSegment, VocabularyWord } from "@/lib/types/api";
import { useAllSegmentTranslations, useSaveSegment } from "@/lib/data/use-segment-editor";
import { formatMediaTime } from "@/lib/format";
import { SegmentRow } from "./segment-row";

const SKELETON_ROWS = 6;

export function SegmentEditor({
  videoId,
  targetLanguage,
  lines,
  vocabulary,
  onSeek,
}: {
  videoId: number;
  targetLanguage: string | undefined;
  lines: CaptionSegment[] | undefined;
  vocabulary: VocabularyWord[] | undefined;
  onSeek: (ms: number) => void;
}) {
  const t = useTranslations("player.editor");
  const translations = useAllSegmentTranslations(videoId, true);
  const save = useSaveSegment(videoId);
  const languages = LANGUAGE_CODES.filter((code) => code !== targetLanguage);
  // The lines' words are found by the video's language, so the rows wait for it too.
  const loading = !targetLanguage || !lines || !vocabulary || translations.isPending;

  return (
    <section aria-labelledby="segment-editor-heading" className="space-y-4 px-4 sm:px-0" data-segment-editor>
      <div>
        <h2 id="segment-editor-heading" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("description")}</p>
      </div>
      {loading ? (
        <ul className="space-y-3" aria-busy="true" aria-label={t("loadingLines")}>
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <li key={i} data-testid="segment-skeleton">
              <Skeleton className="h-20 w-full rounded-xl" />
            </li>
          ))}
        </ul>
      ) : (
        <ol className="space-y-3">
          {lines.map((line, i) => (
            <SegmentRow
              key={`${line.id}:${line.text}`}
              line={line}
              number={i + 1}
              language={targetLanguage}
              word={vocabulary.find((w) => w.captionId === line.id)?.word}
              translations={(translations.data ?? []).filter((row) => row.captionId === line.id)}
              languages={languages}
              saving={save.isPending}
              onSave={(change) => save.mutateAsync({ segmentId: line.id, ...change })}
              onSeek={onSeek}
            />
          ))}
        </ol>
      )}
      <VocabularyEditor words={vocabulary} />
    </section>
  );
}

/** The vocabulary editor's save is a placeholder (SPEC §4): it only says the feature is coming. */
function VocabularyEditor({ words }: { words: VocabularyWord[] | undefined }) {
  const t = useTranslations("player.editor");
  return (
    <div className="rounded-xl border bg-card p-4">
      <h3 className="font-semibold">{t("vocabularyTitle")}</h3>
      {words?.length ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {words.map((w) => (
            <li key={w.id} className="rounded-full bg-muted px-3 py-1 text-sm">
              {w.word} <span className="text-muted-foreground tabular-nums">{formatMediaTime(w.quizTime ?? w.timestamp)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">{t("noVocabulary")}</p>
      )}
      <Button type="button" variant="outline" className="mt-3" onClick={() => toast(t("featureInDevelopment"))}>
        {t("saveVocabulary")}
      </Button>
    </div>
  );
}
