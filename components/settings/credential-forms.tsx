"use client";
/** Security Settings' two toggle forms: change email and change password, each checked against the current password. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { TextField } from "@/components/forms/text-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { apiJson } from "@/lib/data/api";
import { userKeys } from "@/lib/data/keys";
import { useErrorText } from "@/lib/data/use-error-text";
import { emailChangeSchema, passwordChangeSchema, type EmailChange, type PasswordChange } from "@/lib/validation/account";

function ToggleRow({ title, description, open, onOpen }: { title: string; description: string; open: boolean; onOpen: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {open ? null : (
        <Button type="button" variant="outline" onClick={onOpen}>
          {title}
        </Button>
      )}
    </div>
  );
}

function FormButtons({ pending, label, onCancel }: { pending: boolean; label: string; onCancel: () => void }) {
  const t = useTranslations("settings.credentials");
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
        {t("cancel")}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        {pending ? t("changing") : label}
      </Button>
    </div>
  );
}

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const t = useTranslations("settings.credentials");
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [pendingNotice, setPendingNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const form = useForm<EmailChange>({ resolver: zodResolver(emailChangeSchema), defaultValues: { currentPassword: "", newEmail: "" } });

  function close() {
    form.reset();
    setOpen(false);
  }

  async function onSubmit(values: EmailChange) {
    try {
      const result = await apiJson<{ message: string; newEmail: string }>("POST", "/api/auth/change-email", values);
      toast.success(t("emailChangedTitle"), { description: t("emailChangedText") });
      // The server's notice (lib/services/account.ts) in the reader's language: the links went to both addresses.
      setPendingNotice(result.newEmail ? t("emailPending", { current: currentEmail, next: result.newEmail }) : result.message);
      close();
      await queryClient.invalidateQueries({ queryKey: userKeys.current });
    } catch (error) {
      toast.error(t("errorTitle"), { description: errorText(error, t("emailFailed")) });
    }
  }

  const pending = form.formState.isSubmitting;
  return (
    <div className="space-y-4" data-testid="change-email">
      <ToggleRow title={t("changeEmail")} description={t("signedInAs", { email: currentEmail })} open={open} onOpen={() => setOpen(true)} />
      {pendingNotice ? (
        <p role="status" className="rounded-lg bg-primary/10 px-3 py-2 text-sm text-foreground">
          {pendingNotice}
        </p>
      ) : null}
      {open ? (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4 rounded-xl border p-4" aria-label={t("changeEmail")}>
            <TextField control={form.control} name="currentPassword" label={t("currentPassword")} type="password" autoComplete="current-password" />
            <TextField control={form.control} name="newEmail" label={t("newEmail")} type="email" autoComplete="email" />
            <FormButtons pending={pending} label={t("changeEmail")} onCancel={close} />
          </form>
        </Form>
      ) : null}
    </div>
  );
}

export function ChangePasswordForm() {
  const t = useTranslations("settings.credentials");
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const form = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  function close() {
    form.reset();
    setOpen(false);
  }

  async function onSubmit(values: PasswordChange) {
    try {
      await apiJson("POST", "/api/auth/change-password", values);
      toast.success(t("passwordChangedTitle"), { description: t("passwordChangedText") });
      close();
    } catch (error) {
      toast.error(t("errorTitle"), { description: errorText(error, t("passwordFailed")) });
    }
  }

  const pending = form.formState.isSubmitting;
  return (
    <div className="space-y-4" data-testid="change-password">
      <ToggleRow title={t("changePassword")} description={t("passwordHint")} open={open} onOpen={() => setOpen(true)} />
      {open ? (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4 rounded-xl border p-4" aria-label={t("changePassword")}>
            <TextField control={form.control} name="currentPassword" label={t("currentPassword")} type="password" autoComplete="current-password" />
            <TextField control={form.control} name="newPassword" label={t("newPassword")} type="password" autoComplete="new-password" />
            <TextField control={form.control} name="confirmPassword" label={t("confirmPassword")} type="password" autoComplete="new-password" />
            <FormButtons pending={pending} label={t("changePassword")} onCancel={close} />
          </form>
        </Form>
      ) : null}
    </div>
  );
}
