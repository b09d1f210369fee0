"use client";
/** An optional upload of the add-video form (video, audio, subtitles): a file picker, the chosen file's name, and a way to drop it. */
import { FileAudio, FileText, FileVideo, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { FormControl } from "@/components/ui/form";
import { Input } from "@/components/ui/input";

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
      <FormControl>
        <Input
          ref={input}
          type="file"
          accept={accept}
          onBlur={onBlur}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          className={
            file
              ? "sr-only"
              : "cursor-pointer py-1.5 text-muted-foreground file:mr-3 file:rounded-md file:bg-secondary file:px-3 file:text-secondary-foreground"
          }
        />
      </FormControl>
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
