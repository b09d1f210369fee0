"use client";
/**
 * A 6-digit code: from an authenticator app (at sign-in, on the reset screen and when enrolling)
 * or from an email (`label` and `formLabel` then say so).
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";

export const TOTP_CODE_PATTERN = /^\d{6}$/;

export function TotpCodeForm({
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus = true,
  label,
  formLabel,
}: {
  submitLabel: string;
  /** The field's label; "Authentication code" unless given. */
  label?: string;
  /** The form's accessible name; "Two-factor code" unless given. */
  formLabel?: string;
  /** Resolves to an error message to show, or null on success. */
  onSubmit: (code: string) => Promise<string | null>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const t = useTranslations("twoFactor");
  const tv = useTranslations("validation");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, "");
    if (!TOTP_CODE_PATTERN.test(trimmed)) {
      setError(tv("totpCode"));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const problem = await onSubmit(trimmed);
      if (problem) {
        setError(problem);
        setCode("");
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={formLabel ?? t("form")}>
      <div className="space-y-2">
        <Label htmlFor={id}>{label ?? t("code")}</Label>
        <Input
          id={id}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-12 text-center font-mono text-xl tracking-[0.4em]"
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {/* flex-1 only in a row: in the narrow column it would size the buttons' height, not their width. */}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {onCancel ? (
          <Button type="button" variant="outline" className="sm:flex-1" size="lg" onClick={onCancel} disabled={pending}>
            {t("cancel")}
          </Button>
        ) : null}
        <Button type="submit" className="sm:flex-1" size="lg" disabled={pending}>
          {pending ? <Spinner /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
