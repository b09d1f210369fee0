"use client";
/**
 * Email-confirmation callback (SPEC §2): after 0.1 s, once, read an error from the URL fragment;
 * else the session (supabase-js has exchanged a PKCE ?code= by then); else tokens from the
 * fragment. Success goes to onboarding after 0.5 s; every failure goes to the landing page.
 * A link opened in another browser (or after a later request replaced this browser's PKCE
 * verifier) has still confirmed the address: its code cannot be redeemed here, so nobody is
 * signed in, but once the auth server vouches for the code the page says so and offers sign-in.
 */
import { CheckCircle2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth/auth-context";
import { initialAuthLocation, probeLinkCode } from "@/lib/auth/browser";
import { authErrorText } from "@/lib/i18n/auth-errors";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { readLinkResult } from "./link-result";

export const CALLBACK_CHECK_DELAY_MS = 100;
export const CALLBACK_REDIRECT_DELAY_MS = 500;

export function AuthCallback() {
  const { loadSupabase } = useAuth();
  const router = useRouter();
  const t = useTranslations("authCallback");
  const te = useTranslations("authErrors");
  const [outcome, setOutcome] = useState<"checking" | "signed-in" | "confirmed-elsewhere">("checking");
  const checked = useRef(false);

  useEffect(() => {
    const timer = window.setTimeout(async () => {
      if (checked.current) return;
      checked.current = true;
      const fail = () => router.replace("/");
      try {
        // The address as it arrived, before supabase-js tidied the address bar.
        const link = readLinkResult(initialAuthLocation());
        if (link.error) {
          const description =
            link.error.code === "otp_expired" ? t("expired") : link.error.description || t("failed");
          toast.error(t("verificationFailed"), { description });
          return fail();
        }
        if (link.message && !link.tokens) {
          // The first of an email change's two links: the other address still has to confirm.
          toast.success(t("almostThere"), { description: link.message });
          return router.replace("/");
        }

        const supabase = await loadSupabase();
        const { data, error: sessionError } = await supabase.auth.getSession();
        if (sessionError) {
          toast.error(t("authError"), { description: authErrorText(te, sessionError, t("completeFailed")) });
          return fail();
        }
        if (!data.session) {
          if (!link.tokens && link.code && (await probeLinkCode(link.code)) === "issued") {
            setOutcome("confirmed-elsewhere");
            return;
          }
          if (!link.tokens) {
            toast.error(t("authError"), { description: t("completeFailed") });
            return fail();
          }
          const { error: setError } = await supabase.auth.setSession({
            access_token: link.tokens.accessToken,
            refresh_token: link.tokens.refreshToken,
          });
          if (setError) {
            toast.error(t("authError"), { description: authErrorText(te, setError, t("setSessionFailed")) });
            return fail();
          }
        }
        setOutcome("signed-in");
        window.setTimeout(() => {
          router.replace("/onboarding");
          router.refresh();
        }, CALLBACK_REDIRECT_DELAY_MS);
      } catch {
        toast.error(t("error"), { description: t("unexpected") });
        fail();
      }
    }, CALLBACK_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loadSupabase, router, t, te]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-5 px-6 text-center" aria-live="polite">
      {outcome === "signed-in" ? (
        <>
          <ConfirmedMark />
          <p className="text-xl font-semibold">{t("success")}</p>
        </>
      ) : outcome === "confirmed-elsewhere" ? (
        <div className="flex max-w-sm flex-col items-center gap-4" data-testid="confirmed-elsewhere">
          <ConfirmedMark />
          <h1 className="text-xl font-semibold">{t("confirmedTitle")}</h1>
          <p className="text-muted-foreground">{t("confirmedText")}</p>
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link href="/login">{t("signIn")}</Link>
          </Button>
        </div>
      ) : (
        <>
          <Spinner className="size-8 text-primary" />
          <p className="text-lg font-medium text-muted-foreground">{t("confirming")}</p>
        </>
      )}
    </main>
  );
}

function ConfirmedMark() {
  return (
    <div className="flex size-16 items-center justify-center rounded-full bg-emerald-500/10 text-emerald-600 dark:text-emerald-400">
      <CheckCircle2 className="size-9" aria-hidden />
    </div>
  );
}
