"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth/auth-context";
import { SubmitButton, TextField } from "@/components/forms/text-field";
import { Form } from "@/components/ui/form";
import { signupSchema, type SignupInput } from "@/lib/validation/auth";
import { AuthHeading } from "./auth-shell";
import { ThankYou } from "./thank-you";

export function SignupForm() {
  const { loadSupabase } = useAuth();
  const router = useRouter();
  const params = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
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
          },
          emailRedirectTo: `${window.location.origin}/auth/callback`,
        },
      });
      if (error) {
        toast.error("Registration failed", { description: error.message || "An error occurred during registration" });
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
      toast.error("Registration failed", { description: "An error occurred during registration" });
    }
  }

  if (sentTo) return <ThankYou email={sentTo} />;

  const submitting = form.formState.isSubmitting;
  return (
    <div className="space-y-6">
      <AuthHeading title="Create your account" subtitle="Start learning from videos in a minute. It's free." />
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="firstName" label="First name" autoComplete="given-name" placeholder="Ana" />
            <TextField control={form.control} name="lastName" label="Last name" autoComplete="family-name" placeholder="García" />
          </div>
          <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
          <TextField control={form.control} name="password" label="Password" type="password" autoComplete="new-password" placeholder="At least 6 characters" />
          <SubmitButton pending={submitting}>Create Account</SubmitButton>
        </form>
      </Form>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link href="/login" className="font-semibold text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
