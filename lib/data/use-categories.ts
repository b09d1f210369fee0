"use client";
/** The categories the caller can browse (GET /api/categories). */
import { useQuery } from "@tanstack/react-query";
import { categoryKeys } from "./keys";
import type { Category } from "./types";

export function useCategories() {
  return useQuery<Category[]>({ queryKey: categoryKeys.all });
}
