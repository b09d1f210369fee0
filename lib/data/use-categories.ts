"use client";
/**
 * The categories the caller can browse (GET /api/categories). Creating one (admins and owners)
 * is use-create-category.ts: home lists categories and should not load the admin's toasts.
 */
import { useQuery } from "@tanstack/react-query";
import { categoryKeys } from "./keys";
import type { Category } from "@/lib/types/api";

export function useCategories() {
  return useQuery<Category[]>({ queryKey: categoryKeys.all });
}
