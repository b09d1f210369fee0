"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { useAuth } from "@/lib/auth/auth-context";
import { keepingCodeVerifierOnFailure } from "@/lib/auth/browser";
import { emailCooldownSeconds } from "@/lib/auth/email-cooldown";
import { authErrorText } from "@/lib/i18n/auth-errors";
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
  const t = useTranslations("forgotPassword");
  const te = useTranslations("authErrors");
  const form = useForm<ResetRequest>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: "" } });

  async function onSubmit({ email }: ResetRequest) {
    const supabase = await loadSupabase();
    const { error } = await keepingCodeVerifierOnFailure(() =>
      supabase.auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/reset-password` }),
    );
    const wait = emailCooldownSeconds(error);
    if (wait !== null) {
      toast.info(t("alreadySent"), { description: t("alreadySentText", { seconds: wait }) });
      return;
    }
    if (error) {
      toast.error(t("error"), { description: authErrorText(te, error, t("error")) });
      return;
    }
    toast.success(t("sent"), { description: t("sentText") });
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
            {t("link")}
          </button>
        )}
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
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
            <TextField control={form.control} name="email" label={t("email")} type="email" autoComplete="email" />
            <DialogFooter>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? <Spinner /> : null}
                {t("send")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
