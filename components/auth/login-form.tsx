"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { useAuth } from "@/components/providers/auth-provider";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
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
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" placeholder="you@example.com" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-center justify-between">
                  <FormLabel>Password</FormLabel>
                  <ForgotPasswordDialog defaultEmail={typedEmail} />
                </div>
                <FormControl>
                  <Input type="password" autoComplete="current-password" placeholder="••••••••" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? <Spinner /> : null}
            Sign In
          </Button>
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
