"use client";
/**
 * The word popover (a bottom sheet on phones): the word, its lemma and part of speech, its meaning
 * (the learner's note, a dictionary credited by name and licence, or the AI), the line's
 * translation, the learner's own note, and Save (learning), Known and Ignore. Loaded on the first
 * tap (React's lazy, in the video player), so the player's first load does not carry it.
 */
import { Dialog, Popover } from "radix-ui";
import { XIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { useWordLookup } from "@/lib/data/use-word-lookup";
import { useSaveWordNote } from "@/lib/data/use-word-note";
import { useSetWordStatus } from "@/lib/data/use-word-status";
import { useMediaQuery } from "@/lib/use-media-query";
import type { WordStatus } from "@/lib/words/line-tokens";
import { WordMeaning } from "./word-meaning";
import { STATUS_LABELS, type WordTarget } from "./word-target";

const PHONE_QUERY = "(max-width: 639px)";

const usePhone = () => useMediaQuery(PHONE_QUERY);

type Props = { target: WordTarget; videoId: number; status: WordStatus; onClose: () => void };

export function WordPopover({ target, videoId, status, onClose }: Props) {
  const phone = usePhone();
  // In fullscreen only the player is shown: the popover goes inside it.
  const container = (typeof document !== "undefined" && (document.fullscreenElement as HTMLElement | null)) || undefined;
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
      <Dialog.Root open onOpenChange={change}>
        <Dialog.Portal container={container}>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <Dialog.Content
            aria-describedby={undefined}
            onOpenAutoFocus={focusSelf}
            onCloseAutoFocus={returnFocus}
            className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-2xl border-t bg-popover p-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-popover-foreground shadow-xl outline-none"
            data-testid="word-popover"
          >
            <WordDetails target={target} videoId={videoId} status={status} Title={Dialog.Title} Close={Dialog.Close} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }
  return (
    <Popover.Root open onOpenChange={change}>
      <Popover.Anchor virtualRef={{ current: target.element }} />
      <Popover.Portal container={container}>
        <Popover.Content
          aria-label={target.surface}
          side="top"
          align="center"
          sideOffset={8}
          collisionPadding={12}
          onOpenAutoFocus={focusSelf}
          onCloseAutoFocus={returnFocus}
          className="z-50 max-h-[calc(100dvh-1.5rem)] w-80 overflow-y-auto rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg outline-none"
          data-testid="word-popover"
        >
          <WordDetails target={target} videoId={videoId} status={status} Title="h2" Close={Popover.Close} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

type TitleComponent = typeof Dialog.Title | "h2";
type CloseComponent = typeof Dialog.Close | typeof Popover.Close;

function WordDetails({ target, videoId, status, Title, Close }: Pick<Props, "target" | "videoId" | "status"> & { Title: TitleComponent; Close: CloseComponent }) {
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
        <span className="mt-1 shrink-0 rounded-full border px-2 py-0.5 text-xs font-medium" data-testid="word-popover-status">
          {STATUS_LABELS[status]}
        </span>
        <Close className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <XIcon className="size-4" aria-hidden />
          <span className="sr-only">Close</span>
        </Close>
      </div>

      <WordMeaning lookup={lookup} />

      {translation ? (
        <p className="rounded-lg bg-muted px-3 py-2">
          <span className="block text-xs font-medium text-muted-foreground">This line</span>
          {translation}
        </p>
      ) : null}

      <div className="space-y-1">
        <label htmlFor={noteId} className="text-xs font-medium text-muted-foreground">
          Your note (saved with Save, Known or Ignore)
        </label>
        <Textarea
          id={noteId}
          value={note}
          onChange={(event) => setTyped(event.target.value)}
          maxLength={2000}
          rows={2}
          className="min-h-14"
          placeholder="Your own meaning for this word"
        />
      </div>

      <div className="grid grid-cols-3 gap-2">
        <Button type="button" aria-pressed={status === "learning"} onClick={() => choose("learning")}>
          Save
        </Button>
        <Button type="button" variant="outline" aria-pressed={status === "known"} onClick={() => choose("known")}>
          Known
        </Button>
        <Button type="button" variant="outline" aria-pressed={status === "ignored"} onClick={() => choose("ignored")}>
          Ignore
        </Button>
      </div>
    </div>
  );
}
