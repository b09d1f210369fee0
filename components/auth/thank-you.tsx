"use client";
import Link from "next/link";
import { MailCheck } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth/auth-context";
import { keepingCodeVerifierOnFailure } from "@/lib/auth/browser";
import { emailCooldownSeconds } from "@/lib/auth/email-cooldown";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCountdown } from "./use-countdown";

/** After signup: where the confirmation email went, and what to do next. */
export function ThankYou({ email }: { email: string }) {
  const { loadSupabase, embedded } = useAuth();
  const [resending, setResending] = useState(false);
  const [waitLeft, startWait] = useCountdown();
  const t = useTranslations("thankYou");

  async function resend() {
    setResending(true);
    try {
      const supabase = await loadSupabase();
      const { error } = await keepingCodeVerifierOnFailure(() =>
        supabase.auth.resend({ type: "signup", email, options: { emailRedirectTo: `${window.location.origin}/auth/callback` } }),
      );
      const wait = emailCooldownSeconds(error);
      if (wait !== null) {
        // Sent moments ago (sign-up included): the link already sent still works.
        startWait(wait);
        toast.info(t("alreadySent"), { description: t("alreadySentText", { seconds: wait }) });
        return;
      }
      if (error) throw error;
      toast.success(t("resent"), { description: t("resentText", { email }) });
    } catch {
      toast.error(t("error"), { description: t("resendFailed") });
    } finally {
      setResending(false);
    }
  }

  return (
    <div className="space-y-6 text-center" data-testid="thank-you">
      <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <MailCheck className="size-8" aria-hidden />
      </div>
      <div className="space-y-2">
        <h2 className="text-2xl font-bold tracking-tight">{t("title")}</h2>
        <p className="text-muted-foreground">
          {t.rich("sentTo", { email: () => <span className="font-semibold text-foreground break-all">{email}</span> })}
        </p>
        {embedded ? (
          <p className="text-sm text-muted-foreground">
            {t.rich("devMailbox", {
              link: (chunks) => (
                <Link href={`/dev/mailbox?to=${encodeURIComponent(email)}`} className="font-medium text-primary hover:underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-3">
        <Button onClick={resend} disabled={resending || waitLeft > 0} variant="outline" size="lg" className="h-auto min-h-10 py-2 whitespace-normal">
          {resending ? <Spinner /> : null}
          {t("resend")}
        </Button>
        {waitLeft > 0 ? (
          <p className="-mt-1 text-sm text-muted-foreground tabular-nums" data-testid="resend-wait">
            {t("waitNote", { seconds: waitLeft })}
          </p>
        ) : null}
        <Button asChild variant="ghost" size="lg" className="h-auto min-h-10 py-2 whitespace-normal">
          <Link href="/">{t("backHome")}</Link>
        </Button>
        <Link href="/login" className="text-sm font-semibold text-primary hover:underline">
          {t("alreadyConfirmed")}
        </Link>
      </div>
    </div>
  );
}
