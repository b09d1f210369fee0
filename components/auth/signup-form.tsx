"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth/auth-context";
import { SubmitButton, TextField } from "@/components/forms/text-field";
import { Form } from "@/components/ui/form";
import { authErrorText } from "@/lib/i18n/auth-errors";
import { signupSchema, type SignupInput } from "@/lib/validation/auth";
import { AuthHeading } from "./auth-heading";
import { ThankYou } from "./thank-you";

export function SignupForm() {
  const { loadSupabase } = useAuth();
  const router = useRouter();
  const params = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const t = useTranslations("signup");
  const te = useTranslations("authErrors");
  const locale = useLocale();
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { firstName: "", lastName: "", email: params.get("email") ?? "", password: "" },
  });

  async function onSubmit(values: SignupInput) {
    try {
      const { data, error } = await (await loadSupabase()).auth.signUp({
        email: values.email,
        password: values.password,
        options: {
          data: {
            first_name: values.firstName,
            last_name: values.lastName,
            firstName: values.firstName,
            lastName: values.lastName,
            // The language the confirmation email (and any before onboarding) is written in.
            locale,
          },
          emailRedirectTo: `${window.location.origin}/auth/callback`,
        },
      });
      if (error) {
        toast.error(t("failed"), { description: authErrorText(te, error, t("failedText")) });
        return;
      }
      if (data.session) {
        // The auth server does not ask for email confirmation: straight to onboarding.
        router.replace("/onboarding");
        router.refresh();
        return;
      }
      setSentTo(values.email);
    } catch {
      toast.error(t("failed"), { description: t("failedText") });
    }
  }

  if (sentTo) return <ThankYou email={sentTo} />;

  const submitting = form.formState.isSubmitting;
  return (
    <div className="space-y-6">
      <AuthHeading title={t("title")} subtitle={t("subtitle")} />
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="firstName" label={t("firstName")} autoComplete="given-name" placeholder={t("firstNamePlaceholder")} />
            <TextField control={form.control} name="lastName" label={t("lastName")} autoComplete="family-name" placeholder={t("lastNamePlaceholder")} />
          </div>
          <TextField control={form.control} name="email" label={t("email")} type="email" autoComplete="email" placeholder="you@example.com" />
          <TextField control={form.control} name="password" label={t("password")} type="password" autoComplete="new-password" placeholder={t("passwordPlaceholder")} />
          <SubmitButton pending={submitting}>{t("submit")}</SubmitButton>
        </form>
      </Form>
      <p className="text-center text-sm text-muted-foreground">
        {t("haveAccount")}{" "}
        <Link href="/login" className="font-semibold text-primary hover:underline">
          {t("signIn")}
        </Link>
      </p>
    </div>
  );
}
