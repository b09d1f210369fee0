"use client";
/**
 * One person on the Users screen: who they are, their role (a select; on the owner's own row the
 * other roles are there but off, with the reason), deletion (after a styled confirm) for anyone but
 * oneself, and for an address not yet confirmed an "Unconfirmed" badge and a "Confirm email"
 * action (the way in when the confirmation email cannot reach them).
 */
import { MailCheck, Trash2 } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DeleteConfirmDialog } from "@/components/ui/delete-confirm-dialog";
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { TableCell, TableRow } from "@/components/ui/table";
import type { AdminUser } from "@/lib/types/api";
import { useChangeUserRole, useConfirmUserEmail, useDeleteUser } from "@/lib/data/use-admin-users";
import { displayName, initials } from "@/lib/users/display";
import { cn } from "@/lib/utils";
import { USER_ROLES, type UserRoleName } from "@/lib/validation/users";

export function UserRow({ user, isSelf, formatDate }: { user: AdminUser; isSelf: boolean; formatDate: (iso: string) => string }) {
  const t = useTranslations("users");
  const changeRole = useChangeUserRole();
  const deleteUser = useDeleteUser();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const confirmEmail = useConfirmUserEmail();
  const name = displayName(user);
  // While a change is on its way, the select shows what was chosen.
  const role = changeRole.isPending ? changeRole.variables.role : user.role;

  function onRoleChange(value: string) {
    const next = value as UserRoleName;
    if (next === user.role) return;
    if (isSelf && next !== "owner") {
      // The server refuses it too, with the same words (lib/validation/users.ts OWN_ROLE_MESSAGE).
      toast.error(t("toasts.ownRole"), { description: t("ownRole") });
      return;
    }
    changeRole.mutate({ user, role: next });
  }

  const joined = formatDate(user.createdAt);
  const lastSignIn = user.lastLoginDate ? formatDate(user.lastLoginDate) : t("never");
  return (
    <TableRow data-testid="user-row" data-user-id={user.id} className={cn(deleteUser.isPending && "opacity-50")} aria-busy={deleteUser.isPending || undefined}>
      <TableCell className="max-w-0 w-full whitespace-normal">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar className="hidden size-9 sm:flex">
            {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
            <AvatarFallback className="bg-primary/15 text-xs font-semibold text-foreground">{initials(user)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 font-semibold">
              <span className="min-w-0 break-words" data-testid="user-name">{name}</span>
              {isSelf ? <Badge variant="secondary">{t("you")}</Badge> : null}
              {user.emailConfirmed === false ? (
                <Badge
                  variant="outline"
                  className="border-amber-500/50 bg-amber-500/10 text-amber-800 dark:border-amber-400/40 dark:text-amber-200"
                  data-testid="user-unconfirmed"
                >
                  {t("unconfirmed")}
                </Badge>
              ) : null}
            </p>
            <p className="truncate text-xs text-muted-foreground sm:text-sm" title={user.email} data-testid="user-email">{user.email}</p>
            <p className="text-xs text-muted-foreground md:hidden">{t("joined", { date: joined })}</p>
            {user.emailConfirmed === false ? (
              <Button
                variant="outline"
                size="sm"
                className="mt-2 h-7 px-2.5 text-xs"
                aria-label={t("confirmEmailOf", { name })}
                onClick={() => confirmEmail.mutate({ user })}
                disabled={confirmEmail.isPending || deleteUser.isPending}
              >
                <MailCheck aria-hidden />
                {confirmEmail.isPending ? t("confirming") : t("confirmEmail")}
              </Button>
            ) : null}
          </div>
        </div>
      </TableCell>
      <TableCell>
        <Select value={role} onValueChange={onRoleChange} disabled={deleteUser.isPending || !user.appUser}>
          <SelectTrigger
            size="sm"
            className="w-[6.5rem] sm:w-28"
            aria-label={t("roleOf", { name })}
            title={user.appUser ? undefined : t("roleNeedsSignIn")}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {isSelf ? (
              // An owner cannot step down themselves (SPEC §5): the other roles are shown, but off, under the reason.
              <SelectGroup>
                <SelectLabel className="max-w-52 text-muted-foreground" data-testid="own-role-reason">
                  {t("ownRole")}
                </SelectLabel>
                {USER_ROLES.filter((value) => value !== "owner").map((value) => (
                  <SelectItem key={value} value={value} disabled>
                    {t(`roles.${value}`)}
                  </SelectItem>
                ))}
              </SelectGroup>
            ) : null}
            {USER_ROLES.filter((value) => !isSelf || value === "owner").map((value) => (
              <SelectItem key={value} value={value}>
                {t(`roles.${value}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </TableCell>
      <TableCell className="hidden text-muted-foreground md:table-cell">
        <time dateTime={user.createdAt}>{joined}</time>
      </TableCell>
      <TableCell className="hidden text-muted-foreground lg:table-cell">
        {user.lastLoginDate ? <time dateTime={user.lastLoginDate}>{lastSignIn}</time> : lastSignIn}
      </TableCell>
      <TableCell className="w-10 pl-0 text-right sm:pl-3">
        {isSelf ? null : (
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            aria-label={t("deleteUser", { name })}
            onClick={() => setConfirmingDelete(true)}
            disabled={deleteUser.isPending}
          >
            <Trash2 aria-hidden />
          </Button>
        )}
        {isSelf ? null : (
          <DeleteConfirmDialog
            open={confirmingDelete}
            onClose={() => setConfirmingDelete(false)}
            title={t("deleteTitle", { name })}
            description={t.rich("deleteDescription", {
              address: user.email,
              email: (chunks) => <span className="font-medium break-all text-foreground">{chunks}</span>,
            })}
            pending={deleteUser.isPending}
            onDelete={() => deleteUser.mutateAsync({ user })}
          />
        )}
      </TableCell>
    </TableRow>
  );
}

export function UserRowSkeleton() {
  return (
    <TableRow data-testid="user-row-skeleton">
      <TableCell className="w-full">
        <div className="flex items-center gap-3">
          <Skeleton className="hidden size-9 rounded-full sm:block" />
          <div className="space-y-2">
            <Skeleton className="h-4 w-28 sm:w-36" />
            <Skeleton className="h-3 w-36 sm:w-48" />
          </div>
        </div>
      </TableCell>
      <TableCell>
        <Skeleton className="h-8 w-[6.5rem] sm:w-28" />
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <Skeleton className="h-4 w-24" />
      </TableCell>
      <TableCell className="hidden lg:table-cell">
        <Skeleton className="h-4 w-24" />
      </TableCell>
      <TableCell className="w-10">
        <Skeleton className="ml-auto size-8 rounded-md" />
      </TableCell>
    </TableRow>
  );
}
