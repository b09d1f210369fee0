"use client";
/** The owner's invitations on the Users screen: the open ones, inviting, resending and revoking, each with its toast. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { toast } from "@/lib/toast";
import type { InvitationJson } from "@/lib/invitations/types";
import type { UserRoleName } from "@/lib/validation/users";
import { apiJson } from "./api";
import { adminKeys } from "./keys";
import { useErrorText } from "./use-error-text";

export function useInvitations(options: { enabled?: boolean } = {}) {
  return useQuery<InvitationJson[]>({ queryKey: adminKeys.invitations, enabled: options.enabled });
}

const invitationPath = (id: string) => `${adminKeys.invitations[0]}/${encodeURIComponent(id)}`;

export function useInvite() {
  const queryClient = useQueryClient();
  const t = useTranslations("users.invitations");
  return useMutation({
    mutationFn: (input: { email: string; role: UserRoleName }) => apiJson<InvitationJson>("POST", adminKeys.invitations[0], input),
    onSuccess: (created) => {
      queryClient.setQueryData<InvitationJson[]>(adminKeys.invitations, (list) => [created, ...(list ?? []).filter((i) => i.id !== created.id)]);
      toast.success(t("sent"), { description: t("sentDescription", { email: created.email }) });
    },
    // The form shows why (a taken address, a bad one) beside the field.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations }),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  const t = useTranslations("users.invitations");
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (invitation: InvitationJson) => apiJson<InvitationJson>("POST", `${invitationPath(invitation.id)}/resend`),
    onSuccess: (updated) => {
      queryClient.setQueryData<InvitationJson[]>(adminKeys.invitations, (list) => list?.map((i) => (i.id === updated.id ? updated : i)));
      toast.success(t("resent"), { description: t("sentDescription", { email: updated.email }) });
    },
    onError: (error) => toast.error(t("resendFailed"), { description: errorText(error, t("tryAgainLater")) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  const t = useTranslations("users.invitations");
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (invitation: InvitationJson) => apiJson<{ id: string; revoked: true }>("DELETE", invitationPath(invitation.id)),
    onSuccess: (_result, invitation) => {
      queryClient.setQueryData<InvitationJson[]>(adminKeys.invitations, (list) => list?.filter((i) => i.id !== invitation.id));
      toast.success(t("revoked"), { description: t("revokedDescription", { email: invitation.email }) });
    },
    onError: (error) => toast.error(t("revokeFailed"), { description: errorText(error, t("tryAgainLater")) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations }),
  });
}
