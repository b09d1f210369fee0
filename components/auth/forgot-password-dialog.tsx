"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { useAuth } from "@/lib/auth/auth-context";
import { keepingCodeVerifierOnFailure } from "@/lib/auth/browser";
import { emailCooldownSeconds, secondsText } from "@/lib/auth/email-cooldown";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { TextField } from "@/components/forms/text-field";
import { Form } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { resetRequestSchema } from "@/lib/validation/auth";

type ResetRequest = z.infer<typeof resetRequestSchema>;

/** "Forgot password?" and the dialog it opens; `trigger` replaces the link-styled button. */
export function ForgotPasswordDialog({ defaultEmail, trigger }: { defaultEmail?: string; trigger?: ReactNode }) {
  const { loadSupabase } = useAuth();
  const [open, setOpen] = useState(false);
  const form = useForm<ResetRequest>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: "" } });

  async function onSubmit({ email }: ResetRequest) {
    const supabase = await loadSupabase();
    const { error } = await keepingCodeVerifierOnFailure(() =>
      supabase.auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/reset-password` }),
    );
    const wait = emailCooldownSeconds(error);
    if (wait !== null) {
      toast.info("Reset email already sent", { description: `Check your inbox, or request another link in ${secondsText(wait)}.` });
      return;
    }
    if (error) {
      toast.error("Error", { description: error.message });
      return;
    }
    toast.success("Password reset email sent", { description: "Check your email for password reset instructions." });
    setOpen(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ email: defaultEmail ?? "" });
      }}
    >
      <DialogTrigger asChild>
        {trigger ?? (
          <button type="button" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </button>
        )}
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>We&apos;ll email you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            onSubmit={(event) => {
              // The dialog renders inside the login form (through a portal): keep its submit to itself.
              event.stopPropagation();
              return form.handleSubmit(onSubmit)(event);
            }}
            className="space-y-4"
            noValidate
          >
            <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
            <DialogFooter>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? <Spinner /> : null}
                Send reset link
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
