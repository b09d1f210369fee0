"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth/auth-context";
import { SubmitButton, TextField } from "@/components/forms/text-field";
import { Form } from "@/components/ui/form";
import { safeReturnPath } from "@/lib/auth/route-table";
import { needsSecondFactor, verifySecondFactor } from "@/lib/auth/second-factor";
import { authErrorText } from "@/lib/i18n/auth-errors";
import { loginSchema, type LoginInput } from "@/lib/validation/auth";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { EmailCodeStep, sendSignInCode } from "./email-code-step";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { TotpCodeForm } from "./totp-code-form";
import { useTwoFactorText } from "./use-two-factor-text";

/** `signupOpen` false (an invitation-only install): no way to sign up is offered. */
export function LoginForm({ signupOpen = true }: { signupOpen?: boolean }) {
  const { loadSupabase } = useAuth();
  const router = useRouter();
  const params = useSearchParams();
  const t = useTranslations("login");
  const twoFactorText = useTwoFactorText();
  const te = useTranslations("authErrors");
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: params.get("email") ?? "", password: "" },
  });
  const typedEmail = useWatch({ control: form.control, name: "email" });
  // "code": the password (or emailed code) was right and the account has an authenticator app;
  // its code comes next. "email-code": a sign-in code was emailed to `codeEmail`.
  const [step, setStep] = useState<"password" | "code" | "email-code">("password");
  const [codeEmail, setCodeEmail] = useState("");
  const [sendingCode, setSendingCode] = useState(false);

  // Arriving with a session that still owes its code (e.g. sent here from a signed-in page).
  useEffect(() => {
    let active = true;
    void loadSupabase().then(async (supabase) => {
      const { data } = await supabase.auth.getSession();
      if (active && data.session && (await needsSecondFactor(supabase)) && active) setStep("code");
    });
    return () => {
      active = false;
    };
  }, [loadSupabase]);

  function finish() {
    toast.success(t("welcome"), { description: t("welcomeText") });
    router.replace(safeReturnPath(params.get("return_to")) ?? "/home");
    router.refresh();
  }

  async function onSubmit(values: LoginInput) {
    try {
      const supabase = await loadSupabase();
      const { error } = await supabase.auth.signInWithPassword(values);
      if (error) {
        toast.error(t("failed"), { description: authErrorText(te, error, t("failedText")) });
        return;
      }
      if (await needsSecondFactor(supabase)) {
        setStep("code");
        return;
      }
      finish();
    } catch {
      toast.error(t("failed"), { description: t("failedText") });
    }
  }

  async function emailMeACode() {
    if (!(await form.trigger("email"))) return;
    const email = form.getValues("email").trim();
    setSendingCode(true);
    try {
      const sent = await sendSignInCode(await loadSupabase(), email, {
        wait: (seconds) => t("codeWait", { seconds }),
        error: (error) => authErrorText(te, error, t("codeSendFailed")),
      });
      if (!sent.ok) {
        toast.error(t("codeSendFailed"), { description: sent.message });
        return;
      }
      setCodeEmail(email);
      setStep("email-code");
    } catch {
      toast.error(t("codeSendFailed"), { description: t("failedText") });
    } finally {
      setSendingCode(false);
    }
  }

  async function afterEmailCode() {
    if (await needsSecondFactor(await loadSupabase())) setStep("code");
    else finish();
  }

  async function submitCode(code: string): Promise<string | null> {
    const problem = await verifySecondFactor(await loadSupabase(), code);
    if (!problem) finish();
    return twoFactorText(problem);
  }

  if (step === "code") {
    return (
      <div className="space-y-4" data-testid="mfa-step">
        <div className="space-y-1">
          <h2 className="text-lg font-semibold">{t("twoFactorTitle")}</h2>
          <p className="text-sm text-muted-foreground">{t("twoFactorText")}</p>
        </div>
        <TotpCodeForm
          submitLabel={t("verify")}
          onSubmit={submitCode}
          onCancel={async () => {
            await (await loadSupabase()).auth.signOut().catch(() => undefined);
            setStep("password");
          }}
        />
      </div>
    );
  }

  if (step === "email-code") {
    return <EmailCodeStep email={codeEmail} loadSupabase={loadSupabase} onSignedIn={afterEmailCode} onBack={() => setStep("password")} />;
  }

  const submitting = form.formState.isSubmitting;
  return (
    <div className="space-y-6">
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate>
          <TextField control={form.control} name="email" label={t("email")} type="email" autoComplete="email" placeholder="you@example.com" />
          <TextField control={form.control} name="password" label={t("password")} labelAction={<ForgotPasswordDialog defaultEmail={typedEmail} />} type="password" autoComplete="current-password" placeholder="••••••••" />
          <SubmitButton pending={submitting}>{t("submit")}</SubmitButton>
        </form>
      </Form>
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        {t("or")}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={emailMeACode} disabled={sendingCode || submitting}>
        {sendingCode ? <Spinner /> : null}
        {t("emailCode")}
      </Button>
      {signupOpen ? (
        <p className="text-center text-sm text-muted-foreground">
          {t("newHere")}{" "}
          <Link href="/signup" className="font-semibold text-primary hover:underline">
            {t("createAccount")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
