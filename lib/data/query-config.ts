/** Cache settings of SPEC §9, in one place. */
const MINUTE = 60_000;

export const defaultQueryOptions = {
  staleTime: Infinity,
  gcTime: 10 * MINUTE,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
  refetchOnReconnect: false,
} as const;

export const userQueryOptions = {
  staleTime: 5 * MINUTE,
  gcTime: 10 * MINUTE,
  retry: 3,
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
} as const;

export const quizQueryOptions = {
  staleTime: 30 * MINUTE,
  gcTime: 60 * MINUTE,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
} as const;
