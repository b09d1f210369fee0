"use client";
/** An optional upload of the add-video form (video, audio, subtitles): a file picker, the chosen file's name, and a way to drop it. */
import { FileAudio, FileText, FileVideo, X } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { FormControl } from "@/components/ui/form";

const ICONS = { audio: FileAudio, video: FileVideo, subtitles: FileText };

type Props = { kind: keyof typeof ICONS; accept: string; file: File | null; onChange: (file: File | null) => void; onBlur: () => void };

export function FileInput({ kind, accept, file, onChange, onBlur }: Props) {
  const t = useTranslations("admin.addForm");
  const Icon = ICONS[kind];
  const input = useRef<HTMLInputElement>(null);
  // A reset form (or the remove button) empties the picker too.
  useEffect(() => {
    if (!file && input.current) input.current.value = "";
  }, [file]);
  return (
    <div className="space-y-2">
      {/* The browser's own picker says "Choose File" in the browser's language: it lies unseen over
          the box below (a click or a dropped file still reach it), which speaks the reader's. */}
      <div className="relative">
        <FormControl>
          <input
            ref={input}
            type="file"
            accept={accept}
            onBlur={onBlur}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
            className={file ? "sr-only" : "peer absolute inset-0 size-full cursor-pointer opacity-0 file:cursor-pointer"}
          />
        </FormControl>
        {file ? null : (
          <div
            aria-hidden
            className="flex h-10 items-center gap-3 rounded-lg border border-input bg-background px-1.5 text-sm text-muted-foreground shadow-xs transition-[color,box-shadow] peer-hover:border-ring/60 peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-aria-invalid:border-destructive dark:bg-input/30"
          >
            <span className="shrink-0 rounded-md bg-secondary px-3 py-1 font-medium text-secondary-foreground">{t("chooseFile")}</span>
            <span className="min-w-0 truncate">{t("noFile")}</span>
          </div>
        )}
      </div>
      {file ? (
        <div className="flex h-10 items-center gap-2 rounded-lg border bg-muted/40 px-3 text-sm">
          <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1 truncate" title={file.name}>
            {file.name}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            className="-mr-2"
            aria-label={t("removeFile", { name: file.name })}
            onClick={() => onChange(null)}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
