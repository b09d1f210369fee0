"use client";
/**
 * One of home's rows, led by the language shown: its videos in that language, then ("In other
 * languages") the rest, unless the row lists that language only. A row with nothing in the
 * language says why, and offers the languages that have videos.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { VideoGrid } from "@/components/video/video-grid";
import type { VideoCard, VideoLanguageCount } from "@/lib/types/api";
import { otherLanguages, splitByLanguage } from "@/lib/videos/home-language";
import { LanguageOffers, useLanguageLabel } from "./language-strip";

/** Cards in the grid's widest row (four columns). */
const FIRST_ROW = 4;

export type RowLanguage = {
  /** The language the row leads with (undefined: none, the row lists its videos as they come). */
  code: string | undefined;
  /** Videos per language under the same filters; undefined while loading. */
  counts: VideoLanguageCount[] | undefined;
  /** The category filtered by, by name, for the explanation. */
  categoryName: string | undefined;
  onSelect: (code: string) => void;
};

/** Why a row has no videos in `language` (its name): none exist (in the category), or the learner has started them all. */
export function EmptyReason({ language, count, categoryName }: { language: string; count: number; categoryName: string | undefined }) {
  const t = useTranslations("home");
  if (count > 0) return categoryName ? t("startedAllInCategory", { language, category: categoryName }) : t("startedAll", { language });
  return categoryName ? t("noneInCategory", { language, category: categoryName }) : t("noneInLanguage", { language });
}

export function VideoRow({
  id,
  title,
  query,
  language,
  only = false,
  hideWhenEmpty = false,
  categoryId,
  first = false,
}: {
  id: string;
  title: string;
  query: { data: VideoCard[] | undefined; isPending: boolean };
  language: RowLanguage;
  /** The row lists the shown language only (Recommended for You). */
  only?: boolean;
  /** Continue Learning hides itself when empty (SPEC §2): nothing started yet means nothing to continue. */
  hideWhenEmpty?: boolean;
  categoryId: number | undefined;
  /** The first row on the page: its first cards' pictures load at once (the largest paint on a phone). */
  first?: boolean;
}) {
  const t = useTranslations("home");
  const videos = query.data;
  if (hideWhenEmpty && !query.isPending && (videos?.length ?? 0) === 0) return null;
  const { lead, others } = language.code === undefined ? { lead: videos ?? [], others: [] } : splitByLanguage(videos ?? [], language.code);
  const shownOthers = only ? [] : others;
  // Continue Learning says nothing of a language the learner has not started: its others follow.
  const explain = lead.length === 0 && !(hideWhenEmpty && shownOthers.length > 0);
  return (
    <section aria-labelledby={id} className="space-y-4" data-testid={id}>
      <h2 id={id} className="text-xl font-bold tracking-tight sm:text-2xl">
        {title}
      </h2>
      {query.isPending && !videos ? (
        <VideoGrid videos={undefined} loading categoryId={categoryId} />
      ) : lead.length > 0 ? (
        <VideoGrid videos={lead} loading={false} categoryId={categoryId} eager={first ? FIRST_ROW : 0} />
      ) : explain ? (
        <VideoGrid videos={[]} loading={false} empty={<EmptyRow language={language} />} />
      ) : null}
      {shownOthers.length > 0 ? (
        <div className="space-y-3" data-testid={`${id}-other-languages`}>
          {lead.length > 0 || explain ? <h3 className="text-base font-semibold text-muted-foreground">{t("inOtherLanguages")}</h3> : null}
          <VideoGrid videos={shownOthers} loading={false} categoryId={categoryId} eager={first && lead.length === 0 ? FIRST_ROW : 0} />
        </div>
      ) : null}
    </section>
  );
}

function EmptyRow({ language }: { language: RowLanguage }) {
  const t = useTranslations("home");
  const label = useLanguageLabel();
  const shown = language.counts?.find((c) => c.code === language.code);
  return (
    <div data-testid="row-empty">
      <p>
        {t("noVideos")}
        {shown ? (
          <>
            {" "}
            <EmptyReason language={label(shown)} count={shown.count} categoryName={language.categoryName} />
          </>
        ) : null}
      </p>
      {language.counts ? <LanguageOffers offers={otherLanguages(language.counts, language.code)} onSelect={language.onSelect} /> : null}
    </div>
  );
}
