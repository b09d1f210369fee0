"use client";
/** Security Settings' two toggle forms: change email and change password, each checked against the current password. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { TextField } from "@/components/forms/text-field";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { ApiRequestError, apiJson } from "@/lib/data/api";
import { userKeys } from "@/lib/data/keys";
import { emailChangeSchema, passwordChangeSchema, type EmailChange, type PasswordChange } from "@/lib/validation/account";

function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.serverMessage : undefined;
}

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
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        {pending ? "Changing..." : label}
      </Button>
    </div>
  );
}

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
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
      const result = await apiJson<{ message: string }>("POST", "/api/auth/change-email", values);
      toast.success("Email changed", { description: "Your email has been updated successfully." });
      setPendingNotice(result.message);
      close();
      await queryClient.invalidateQueries({ queryKey: userKeys.current });
    } catch (error) {
      toast.error("Error", { description: serverMessage(error) ?? "Failed to change email. Please try again." });
    }
  }

  const pending = form.formState.isSubmitting;
  return (
    <div className="space-y-4" data-testid="change-email">
      <ToggleRow title="Change Email" description={`Signed in as ${currentEmail}`} open={open} onOpen={() => setOpen(true)} />
      {pendingNotice ? (
        <p role="status" className="rounded-lg bg-primary/10 px-3 py-2 text-sm text-foreground">
          {pendingNotice}
        </p>
      ) : null}
      {open ? (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4 rounded-xl border p-4" aria-label="Change Email">
            <TextField control={form.control} name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
            <TextField control={form.control} name="newEmail" label="New email" type="email" autoComplete="email" />
            <FormButtons pending={pending} label="Change Email" onCancel={close} />
          </form>
        </Form>
      ) : null}
    </div>
  );
}

export function ChangePasswordForm() {
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
      toast.success("Password changed", { description: "Your password has been updated successfully." });
      close();
    } catch (error) {
      toast.error("Error", { description: serverMessage(error) ?? "Failed to change password. Please try again." });
    }
  }

  const pending = form.formState.isSubmitting;
  return (
    <div className="space-y-4" data-testid="change-password">
      <ToggleRow title="Change Password" description="Use at least 6 characters." open={open} onOpen={() => setOpen(true)} />
      {open ? (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4 rounded-xl border p-4" aria-label="Change Password">
            <TextField control={form.control} name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
            <TextField control={form.control} name="newPassword" label="New password" type="password" autoComplete="new-password" />
            <TextField control={form.control} name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
            <FormButtons pending={pending} label="Change Password" onCancel={close} />
          </form>
        </Form>
      ) : null}
    </div>
  );
}
