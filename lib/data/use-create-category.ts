"use client";
/** POST /api/categories (admins and owners); the new category joins the cached list at once, in name order. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "@/lib/i18n/use-translations";
import { toast } from "@/lib/toast";
import type { Category } from "@/lib/types/api";
import { apiJson } from "./api";
import { categoryKeys } from "./keys";
import { useErrorText } from "./use-error-text";

export function useCreateCategory() {
  const queryClient = useQueryClient();
  const t = useTranslations("admin.toasts");
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (name: string) => apiJson<Category>("POST", categoryKeys.all[0], { name: name.trim() }),
    onSuccess: (category) => {
      queryClient.setQueryData<Category[]>(categoryKeys.all, (list) =>
        [...(list ?? []).filter((c) => c.id !== category.id), category].sort((a, b) => a.name.localeCompare(b.name)),
      );
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      toast.success(t("categoryCreated"), { description: t("categoryCreatedDescription", { name: category.name }) });
    },
    onError: (error) => toast.error(t("categoryFailed"), { description: errorText(error, t("categoryFailedDescription")) }),
  });
}
