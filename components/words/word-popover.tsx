"use client";
/**
 * The word popover (a bottom sheet on phones): the word, its lemma and part of speech, its meaning
 * (the learner's note, a dictionary credited by name and licence, or the AI), the line's
 * translation, the learner's own note, and Save (learning), Known and Ignore. Loaded on the first
 * tap (React's lazy, in the video player), so the player's first load does not carry it.
 */
import { XIcon } from "lucide-react";
import { useId, useState, type ComponentType, type ReactNode } from "react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";
import { Popover, PopoverAnchor, PopoverClose, PopoverContent } from "@/components/ui/popover";
import { Sheet, SheetClose, SheetContent, SheetTitle } from "@/components/ui/sheet";
import { NoteField } from "./note-field";
import { useWordLookup } from "@/lib/data/use-word-lookup";
import { useSaveWordNote } from "@/lib/data/use-word-note";
import { useSetWordStatus } from "@/lib/data/use-word-status";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";
import type { WordStatus } from "@/lib/words/line-tokens";
import { STATUS_BADGE_STYLES } from "./status-styles";
import { WordMeaning } from "./word-meaning";
import type { WordTarget } from "./word-target";

const PHONE_QUERY = "(max-width: 639px)";

const usePhone = () => useMediaQuery(PHONE_QUERY);

type Props = {
  target: WordTarget;
  videoId: number;
  status: WordStatus;
  /** Where the popover goes: the player's frame while it is fullscreen (only the player is shown then). */
  container: HTMLElement | null;
  onClose: () => void;
};

export function WordPopover({ target, videoId, status, container, onClose }: Props) {
  const phone = usePhone();
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (target.element.isConnected) target.element.focus({ preventScroll: true });
  };
  // Focus the popover itself, not its first button: a key pressed at once (Space) must not close it.
  const focusSelf = (event: Event) => {
    event.preventDefault();
    (event.currentTarget as HTMLElement | null)?.focus({ preventScroll: true });
  };
  const change = (open: boolean) => {
    if (!open) onClose();
  };

  if (phone) {
    return (
      <Sheet open onOpenChange={change}>
        <SheetContent
          side="bottom"
          container={container}
          showCloseButton={false}
          aria-describedby={undefined}
          onOpenAutoFocus={focusSelf}
          onCloseAutoFocus={returnFocus}
          className="block overflow-y-auto bg-popover p-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-popover-foreground"
          data-testid="word-popover"
        >
          <WordDetails target={target} videoId={videoId} status={status} Title={SheetTitle} Close={SheetClose} />
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <Popover open onOpenChange={change}>
      <PopoverAnchor virtualRef={{ current: target.element }} />
      <PopoverContent
        container={container}
        aria-label={target.surface}
        side="top"
        align="center"
        sideOffset={8}
        collisionPadding={12}
        onOpenAutoFocus={focusSelf}
        onCloseAutoFocus={returnFocus}
        className="max-h-[calc(100dvh-1.5rem)] w-80 overflow-y-auto"
        data-testid="word-popover"
      >
        <WordDetails target={target} videoId={videoId} status={status} Title="h2" Close={PopoverClose} />
      </PopoverContent>
    </Popover>
  );
}

type TitleComponent = ComponentType<{ className?: string; lang?: string; children?: ReactNode }> | "h2";
type CloseComponent = ComponentType<{ className?: string; children?: ReactNode }>;

function WordDetails({ target, videoId, status, Title, Close }: Pick<Props, "target" | "videoId" | "status"> & { Title: TitleComponent; Close: CloseComponent }) {
  const t = useTranslations("words");
  const { surface, lemma, partOfSpeech, language, captionId, translation } = target;
  const lookup = useWordLookup({ language, surface, lemma, captionId });
  const setStatus = useSetWordStatus(videoId);
  const saveNote = useSaveWordNote();
  const noteId = useId();
  const savedNote = lookup.data?.note?.text ?? "";
  // The note as typed; null until the learner types (then the saved note shows as it loads).
  const [typed, setTyped] = useState<string | null>(null);
  const note = typed ?? savedNote;

  function choose(next: WordStatus) {
    if (typed !== null && typed.trim() !== savedNote) saveNote.mutate({ language, lemma, note: typed });
    setStatus.mutate({ language, lemma, status: next });
  }

  const details = [lemma !== surface.toLowerCase() ? lemma : null, partOfSpeech].filter(Boolean);
  return (
    <div className="space-y-3 text-sm">
      <div className="flex items-start gap-2 pr-1">
        <div className="min-w-0 flex-1">
          <Title className="text-xl leading-tight font-bold break-words" lang={language}>
            {surface}
          </Title>
          {details.length ? (
            <p className="text-muted-foreground">
              {lemma !== surface.toLowerCase() ? (
                <>
                  <span lang={language}>{lemma}</span>
                  {partOfSpeech ? " · " : null}
                </>
              ) : null}
              {partOfSpeech}
            </p>
          ) : null}
        </div>
        <span className={cn("mt-1 shrink-0 rounded-full border px-2 py-0.5 text-xs font-medium", STATUS_BADGE_STYLES[status])} data-testid="word-popover-status">
          {t(`status.${status}`)}
        </span>
        <Close className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <XIcon className="size-4" aria-hidden />
          <span className="sr-only">{t("popover.close")}</span>
        </Close>
      </div>

      <WordMeaning lookup={lookup} />

      {translation ? (
        <p className="rounded-lg bg-muted px-3 py-2">
          <span className="block text-xs font-medium text-muted-foreground">{t("popover.thisLine")}</span>
          {translation}
        </p>
      ) : null}

      <div className="space-y-1">
        <label htmlFor={noteId} className="text-xs font-medium text-muted-foreground">
          {t("popover.noteLabel")}
        </label>
        <NoteField id={noteId} value={note} onChange={(event) => setTyped(event.target.value)} />
      </div>

      <div className="grid grid-cols-3 gap-2">
        <Button type="button" aria-pressed={status === "learning"} onClick={() => choose("learning")}>
          {t("popover.save")}
        </Button>
        <Button type="button" variant="outline" aria-pressed={status === "known"} onClick={() => choose("known")}>
          {t("popover.known")}
        </Button>
        <Button type="button" variant="outline" aria-pressed={status === "ignored"} onClick={() => choose("ignored")}>
          {t("popover.ignore")}
        </Button>
      </div>
    </div>
  );
}
