"use client";
/**
 * Passwordless sign-in: the six-digit code emailed by "Email me a sign-in code" (the same email
 * carries a link that signs in too). Never makes an account: sign-up stays on its own screen.
 */
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import type { SupabaseClient } from "@supabase/supabase-js";
import { toast } from "@/lib/toast";
import { keepingCodeVerifierOnFailure } from "@/lib/auth/browser";
import { emailCooldownSeconds } from "@/lib/auth/email-cooldown";
import { authErrorText } from "@/lib/i18n/auth-errors";
import { Button } from "@/components/ui/button";
import { TotpCodeForm } from "./totp-code-form";

type Sent = { ok: true } | { ok: false; message: string };

/** Asks for a sign-in email to `email`; says why not in the reader's language. */
export async function sendSignInCode(
  supabase: SupabaseClient,
  email: string,
  words: { wait: (seconds: number) => string; error: (error: { code?: string; message?: string }) => string },
): Promise<Sent> {
  const { error } = await keepingCodeVerifierOnFailure(() =>
    supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: `${window.location.origin}/auth/callback` } }),
  );
  if (!error) return { ok: true };
  const wait = emailCooldownSeconds(error);
  return { ok: false, message: wait !== null ? words.wait(wait) : words.error(error) };
}

export function EmailCodeStep({
  email,
  loadSupabase,
  onSignedIn,
  onBack,
}: {
  email: string;
  loadSupabase: () => Promise<SupabaseClient>;
  /** The code was right: the session exists (it may still owe a second factor). */
  onSignedIn: () => Promise<void> | void;
  onBack: () => void;
}) {
  const t = useTranslations("login");
  const te = useTranslations("authErrors");
  const [resending, setResending] = useState(false);

  async function submit(code: string): Promise<string | null> {
    const { error } = await (await loadSupabase()).auth.verifyOtp({ email, token: code, type: "email" });
    if (error) return error.code === "otp_expired" ? t("codeWrong") : authErrorText(te, error, t("failedText"));
    await onSignedIn();
    return null;
  }

  async function resend() {
    setResending(true);
    try {
      const sent = await sendSignInCode(await loadSupabase(), email, {
        wait: (seconds) => t("codeWait", { seconds }),
        error: (error) => authErrorText(te, error, t("codeSendFailed")),
      });
      if (sent.ok) toast.success(t("codeSentAgain"), { description: t("codeSentText", { email }) });
      else toast.error(t("codeSendFailed"), { description: sent.message });
    } finally {
      setResending(false);
    }
  }

  return (
    <div className="space-y-4" data-testid="email-code-step">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{t("codeSentTitle")}</h2>
        <p className="text-sm text-muted-foreground">{t("codeSentText", { email })}</p>
      </div>
      <TotpCodeForm submitLabel={t("submit")} label={t("codeLabel")} formLabel={t("codeLabel")} onSubmit={submit} onCancel={onBack} />
      <Button type="button" variant="link" className="h-auto w-full p-0 text-sm" onClick={resend} disabled={resending}>
        {t("codeResend")}
      </Button>
    </div>
  );
}
