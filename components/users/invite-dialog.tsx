"use client";
/** "Invite people" on the Users screen: an address and the role it joins with; the server's refusal shows beside the field. */
import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { TextField } from "@/components/forms/text-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useInvite } from "@/lib/data/use-invitations";
import { useErrorText } from "@/lib/data/use-error-text";
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from "@/lib/validation/email";
import { INVITATION_EXPIRY_DAYS } from "@/lib/validation/invitations";
import { USER_ROLES } from "@/lib/validation/users";

const inviteFormSchema = z.object({
  email: z.string().trim().email({ pattern: EMAIL_PATTERN, message: INVALID_EMAIL_MESSAGE }),
  role: z.enum(USER_ROLES),
});
type InviteForm = z.infer<typeof inviteFormSchema>;

export function InviteDialog() {
  const t = useTranslations("users");
  const ti = useTranslations("users.invitations");
  const [open, setOpen] = useState(false);
  const invite = useInvite();
  const errorText = useErrorText();
  const form = useForm<InviteForm>({ resolver: zodResolver(inviteFormSchema), defaultValues: { email: "", role: "user" } });

  async function onSubmit(values: InviteForm) {
    try {
      await invite.mutateAsync(values);
      setOpen(false);
    } catch (error) {
      form.setError("email", { message: errorText(error, ti("inviteFailed")) });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ email: "", role: "user" });
      }}
    >
      <DialogTrigger asChild>
        <Button data-testid="invite-button">
          <UserPlus aria-hidden />
          {ti("invite")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{ti("invite")}</DialogTitle>
          <DialogDescription>{ti("inviteDescription", { days: INVITATION_EXPIRY_DAYS })}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate>
            <TextField control={form.control} name="email" label={ti("email")} type="email" autoComplete="off" placeholder="name@example.com" />
            <FormField
              control={form.control}
              name="role"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{ti("role")}</FormLabel>
                  <Select value={field.value} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {USER_ROLES.map((role) => (
                        <SelectItem key={role} value={role}>
                          {t(`roles.${role}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? <Spinner /> : null}
                {ti("send")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
