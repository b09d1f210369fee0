"use client";
import Link from "next/link";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth/auth-context";
import { keepingCodeVerifierOnFailure } from "@/lib/auth/browser";
import { emailCooldownSeconds, secondsText } from "@/lib/auth/email-cooldown";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCountdown } from "./use-countdown";

/** After signup: where the confirmation email went, and what to do next. */
export function ThankYou({ email }: { email: string }) {
  const { loadSupabase, embedded } = useAuth();
  const [resending, setResending] = useState(false);
  const [waitLeft, startWait] = useCountdown();

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
        toast.info("Email already sent", { description: `You can send another one in ${secondsText(wait)}.` });
        return;
      }
      if (error) throw error;
      toast.success("Email Resent", { description: `A new confirmation link is on its way to ${email}.` });
    } catch {
      toast.error("Error", { description: "Failed to resend verification email. Please try again." });
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
        <h2 className="text-2xl font-bold tracking-tight">Thank you for signing up!</h2>
        <p className="text-muted-foreground">
          We sent a confirmation link to <span className="font-semibold text-foreground break-all">{email}</span>. Open it to
          activate your account.
        </p>
        {embedded ? (
          <p className="text-sm text-muted-foreground">
            Running locally? Your email is in the{" "}
            <Link href={`/dev/mailbox?to=${encodeURIComponent(email)}`} className="font-medium text-primary hover:underline">
              dev mailbox
            </Link>
            .
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-3">
        <Button onClick={resend} disabled={resending || waitLeft > 0} variant="outline" size="lg">
          {resending ? <Spinner /> : null}
          Resend Verification Email
        </Button>
        {waitLeft > 0 ? (
          <p className="-mt-1 text-sm text-muted-foreground tabular-nums" data-testid="resend-wait">
            The email was sent moments ago. You can send another in {secondsText(waitLeft)}.
          </p>
        ) : null}
        <Button asChild variant="ghost" size="lg">
          <Link href="/">Back to Home</Link>
        </Button>
        <Link href="/login" className="text-sm font-semibold text-primary hover:underline">
          Already confirmed? Sign in
        </Link>
      </div>
    </div>
  );
}
