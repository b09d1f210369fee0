"use client";
/** The owner's Users screen: everyone's accounts, role changes, deletions and email confirmations, each with its toast (SPEC §8). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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
  return useMutation({
    mutationFn: ({ user, role }: { user: AdminUser; role: UserRoleName }) =>
      apiJson<AdminUser>("PATCH", `${userPath(user.id)}/role`, { role }),
    onSuccess: (updated, { user }) => {
      queryClient.setQueryData<AdminUser[]>(adminKeys.users, (list) => list?.map((u) => (u.id === updated.id ? updated : u)));
      toast.success("Role Updated", { description: `${user.email} is now ${article(updated.role)} ${roleLabel(updated.role).toLowerCase()}.` });
    },
    onError: (error) => toast.error("Update Failed", { description: withReason("Failed to update user role.", error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user }: { user: AdminUser }) => apiJson<{ id: string; deleted: true }>("DELETE", userPath(user.id)),
    onSuccess: (_result, { user }) => {
      queryClient.setQueryData<AdminUser[]>(adminKeys.users, (list) => list?.filter((u) => u.id !== user.id));
      toast.success("User Deleted", { description: `${user.email} and all their data have been removed.` });
    },
    onError: (error) => toast.error("Delete Failed", { description: withReason("Failed to delete user.", error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useConfirmUserEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user }: { user: AdminUser }) =>
      apiJson<{ id: string; emailConfirmed: true }>("POST", `${userPath(user.id)}/confirm-email`),
    onSuccess: (_result, { user }) => {
      queryClient.setQueryData<AdminUser[]>(adminKeys.users, (list) => list?.map((u) => (u.id === user.id ? { ...u, emailConfirmed: true } : u)));
      toast.success("Email Confirmed", { description: `${user.email} can now sign in.` });
    },
    onError: (error) => toast.error("Confirmation Failed", { description: withReason("Failed to confirm the email address.", error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

const ROLE_LABELS: Record<UserRoleName, string> = { user: "User", admin: "Admin", owner: "Owner" };
export const roleLabel = (role: UserRoleName) => ROLE_LABELS[role];
const article = (role: UserRoleName) => (role === "user" ? "a" : "an");
