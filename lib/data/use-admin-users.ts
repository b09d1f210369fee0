"use client";
/** The owner's Users screen: everyone's accounts, role changes, deletions and email confirmations, each with its toast (SPEC §8). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { toast } from "@/lib/toast";
import type { UserRoleName } from "@/lib/validation/users";
import { ApiRequestError, apiJson } from "./api";
import { adminKeys } from "./keys";
import type { AdminUser } from "@/lib/types/api";

export function useAdminUsers(options: { enabled?: boolean } = {}) {
  return useQuery<AdminUser[]>({ queryKey: adminKeys.users, enabled: options.enabled });
}

const userPath = (userId: string) => `${adminKeys.users[0]}/${encodeURIComponent(userId)}`;

function withReason(message: string, error: unknown): string {
  const detail = error instanceof ApiRequestError ? error.serverMessage : undefined;
  return detail ? `${message} ${detail}` : message;
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  const t = useTranslations("users.toasts");
  return useMutation({
    mutationFn: ({ user, role }: { user: AdminUser; role: UserRoleName }) =>
      apiJson<AdminUser>("PATCH", `${userPath(user.id)}/role`, { role }),
    onSuccess: (updated, { user }) => {
      queryClient.setQueryData<AdminUser[]>(adminKeys.users, (list) => list?.map((u) => (u.id === updated.id ? updated : u)));
      toast.success(t("roleUpdated"), { description: t("roleUpdatedDescription", { email: user.email, role: updated.role }) });
    },
    onError: (error) => toast.error(t("roleFailed"), { description: withReason(t("roleFailedDescription"), error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  const t = useTranslations("users.toasts");
  return useMutation({
    mutationFn: ({ user }: { user: AdminUser }) => apiJson<{ id: string; deleted: true }>("DELETE", userPath(user.id)),
    onSuccess: (_result, { user }) => {
      queryClient.setQueryData<AdminUser[]>(adminKeys.users, (list) => list?.filter((u) => u.id !== user.id));
      toast.success(t("deleted"), { description: t("deletedDescription", { email: user.email }) });
    },
    onError: (error) => toast.error(t("deleteFailed"), { description: withReason(t("deleteFailedDescription"), error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useConfirmUserEmail() {
  const queryClient = useQueryClient();
  const t = useTranslations("users.toasts");
  return useMutation({
    mutationFn: ({ user }: { user: AdminUser }) =>
      apiJson<{ id: string; emailConfirmed: true }>("POST", `${userPath(user.id)}/confirm-email`),
    onSuccess: (_result, { user }) => {
      queryClient.setQueryData<AdminUser[]>(adminKeys.users, (list) => list?.map((u) => (u.id === user.id ? { ...u, emailConfirmed: true } : u)));
      toast.success(t("emailConfirmed"), { description: t("emailConfirmedDescription", { email: user.email }) });
    },
    onError: (error) => toast.error(t("confirmFailed"), { description: withReason(t("confirmFailedDescription"), error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
