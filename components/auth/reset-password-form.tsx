"use client";
/**
 * Target of the password-reset link, and (`purpose="invite"`) of an invitation's link, where the
 * invitee chooses their first password and goes on to onboarding. supabase-js exchanges the link's code for a recovery
 * session on load; the user then picks a new password. A dead link offers a fresh one.
 * A good link opened in another browser than the one that asked for it cannot be redeemed there
 * (its verifier stays with that browser, so a link seen by someone else hands them nothing): the
 * page says so and sends a link made for this browser in one step.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { useAuth } from "@/lib/auth/auth-context";
import { initialAuthLocation, probeLinkCode } from "@/lib/auth/browser";
import { Button } from "@/components/ui/button";
import { SubmitButton, TextField } from "@/components/forms/text-field";
import { Form } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { needsSecondFactor, verifySecondFactor } from "@/lib/auth/second-factor";
import { authErrorText } from "@/lib/i18n/auth-errors";
import { newPasswordSchema } from "@/lib/validation/auth";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { readLinkResult } from "./link-result";
import { TotpCodeForm } from "./totp-code-form";
import { useTwoFactorText } from "./use-two-factor-text";

type NewPassword = z.infer<typeof newPasswordSchema>;
type ResetKey = Parameters<ReturnType<typeof useTranslations<"resetPassword">>>[0];
type InviteKey = Parameters<ReturnType<typeof useTranslations<"invitation">>>[0];
type State = "checking" | "code" | "ready" | "invalid" | "elsewhere";

/** The sign-in method the auth server marks a session with when a link of this kind started it. */
const LINK_METHOD = { reset: "recovery", invite: "invite" } as const;

export function ResetPasswordForm({ purpose = "reset" }: { purpose?: "reset" | "invite" }) {
  const { loadSupabase } = useAuth();
  const router = useRouter();
  const [state, setState] = useState<State>("checking");
  const [problem, setProblem] = useState<string | null>(null);
  const resetWords = useTranslations("resetPassword");
  const inviteWords = useTranslations("invitation");
  // The invitation's own words where they differ; the reset screen's for the rest.
  const t = useCallback(
    (key: ResetKey) => (purpose === "invite" && inviteWords.has(key as InviteKey) ? inviteWords(key as InviteKey) : resetWords(key)),
    [purpose, resetWords, inviteWords],
  );
  const te = useTranslations("authErrors");
  const twoFactorText = useTwoFactorText();
  const form = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  useEffect(() => {
    let active = true;
    (async () => {
      const link = readLinkResult(initialAuthLocation());
      if (link.error) {
        setProblem(
          link.error.code === "otp_expired" ? t("expired") : (link.error.description ?? t("notValid")),
        );
        setState("invalid");
        return;
      }
      const supabase = await loadSupabase();
      let { data } = await supabase.auth.getSession();
      if (!data.session && link.tokens) {
        await supabase.auth.setSession({ access_token: link.tokens.accessToken, refresh_token: link.tokens.refreshToken });
        ({ data } = await supabase.auth.getSession());
      }
      // Only a session that a reset (or invitation) link started may set a password here: the auth
      // server marks it with that sign-in method. Anyone else needs their current password (Settings).
      const claims = data.session ? (await supabase.auth.getClaims()).data?.claims : undefined;
      const fromResetLink = (claims?.amr ?? []).some((entry) => typeof entry === "object" && entry.method === LINK_METHOD[purpose]);
      const elsewhere = !data.session && !link.tokens && link.code !== null && (await probeLinkCode(link.code)) === "issued";
      if (!active) return;
      if (elsewhere) {
        setState("elsewhere");
      } else if (fromResetLink) {
        // An account with an authenticator app proves it here too before a new password is set.
        const owesCode = await needsSecondFactor(supabase);
        if (active) setState(owesCode ? "code" : "ready");
      } else {
        setProblem(
          data.session ? t("openFromEmail") : t("linkNotValid"),
        );
        setState("invalid");
      }
    })();
    return () => {
      active = false;
    };
  }, [loadSupabase, purpose, t]);

  async function onSubmit({ password }: NewPassword) {
    const { error } = await (await loadSupabase()).auth.updateUser({ password });
    if (error) {
      if (error.code === "reauthentication_needed") {
        setProblem(t("sessionEnded"));
        setState("invalid");
        return;
      }
      toast.error(t("error"), { description: authErrorText(te, error, t("failed")) });
      return;
    }
    toast.success(t("changed"), { description: t("changedText") });
    router.replace(purpose === "invite" ? "/onboarding" : "/home");
    router.refresh();
  }

  if (state === "checking") {
    return (
      <div className="flex items-center gap-3 text-muted-foreground">
        <Spinner /> {t("checking")}
      </div>
    );
  }
  if (state === "code") {
    return (
      <div className="space-y-4" data-testid="mfa-step">
        <p className="text-sm text-muted-foreground">{t("codeToContinue")}</p>
        <TotpCodeForm
          submitLabel={t("verify")}
          onSubmit={async (code) => {
            const problem = await verifySecondFactor(await loadSupabase(), code);
            if (!problem) setState("ready");
            return twoFactorText(problem);
          }}
        />
      </div>
    );
  }
  if (state === "elsewhere") {
    return (
      <div className="space-y-4" data-testid="reset-elsewhere">
        <div className="space-y-2 rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm" role="status">
          <p className="font-semibold">{t("elsewhereTitle")}</p>
          <p className="text-muted-foreground">{t("elsewhereText")}</p>
        </div>
        <ForgotPasswordDialog trigger={<Button className="w-full">{t("sendForThisBrowser")}</Button>} />
        <Link href="/login" className="block text-center text-sm font-semibold text-primary hover:underline">
          {t("backToSignIn")}
        </Link>
      </div>
    );
  }
  if (state === "invalid") {
    return (
      <div className="space-y-4">
        <p className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm text-red-800 dark:text-red-200" role="alert">
          {problem}
        </p>
        <div className="flex items-center justify-between">
          {purpose === "reset" ? <ForgotPasswordDialog /> : <span />}
          <Link href="/login" className="text-sm font-semibold text-primary hover:underline">
            {t("backToSignIn")}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate>
        <TextField control={form.control} name="password" label={t("newPassword")} type="password" autoComplete="new-password" />
        <TextField control={form.control} name="confirmPassword" label={t("confirmPassword")} type="password" autoComplete="new-password" />
        <SubmitButton pending={form.formState.isSubmitting}>{t("submit")}</SubmitButton>
      </form>
    </Form>
  );
}
