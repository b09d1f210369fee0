"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { useAuth } from "@/components/providers/auth-provider";
import { SubmitButton, TextField } from "@/components/forms/text-field";
import { Form } from "@/components/ui/form";
import { safeReturnPath } from "@/lib/auth/route-table";
import { loginSchema, type LoginInput } from "@/lib/validation/auth";
import { ForgotPasswordDialog } from "./forgot-password-dialog";

export function LoginForm() {
  const { supabase } = useAuth();
  const router = useRouter();
  const params = useSearchParams();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: params.get("email") ?? "", password: "" },
  });
  const typedEmail = useWatch({ control: form.control, name: "email" });

  async function onSubmit(values: LoginInput) {
    try {
      const { error } = await supabase.auth.signInWithPassword(values);
      if (error) {
        toast.error("Login failed", { description: error.message || "An error occurred during login" });
        return;
      }
      toast.success("Welcome back!", { description: "You've successfully signed in." });
      router.replace(safeReturnPath(params.get("return_to")) ?? "/home");
      router.refresh();
    } catch {
      toast.error("Login failed", { description: "An error occurred during login" });
    }
  }

  const submitting = form.formState.isSubmitting;
  return (
    <div className="space-y-6">
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate>
          <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
          <TextField control={form.control} name="password" label="Password" labelAction={<ForgotPasswordDialog defaultEmail={typedEmail} />} type="password" autoComplete="current-password" placeholder="••••••••" />
          <SubmitButton pending={submitting}>Sign In</SubmitButton>
        </form>
      </Form>
      <p className="text-center text-sm text-muted-foreground">
        New to LingoReel?{" "}
        <Link href="/signup" className="font-semibold text-primary hover:underline">
          Create Account
        </Link>
      </p>
    </div>
  );
}
