/**
 * The product API from the browser (SPEC §7 "Responses"): bearer token from the current session,
 * credentials included, any non-OK response throws "<status>: <response text>". GET query keys
 * are the request URL (lib/data/keys.ts).
 */
import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { keyToUrl } from "./keys";
import { defaultQueryOptions } from "./query-config";

type TokenGetter = () => Promise<string | null>;
let getAccessToken: TokenGetter = async () => null;

/** The auth provider registers how to read the current access token. */
export function setAccessTokenGetter(getter: TokenGetter) {
  getAccessToken = getter;
}

export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = "ApiRequestError";
  }

  /** The server's `message` field when the body is the JSON error envelope. */
  get serverMessage(): string | undefined {
    return this.envelopeField("message");
  }

  /** The envelope's `error` field: what kind of error it is ("rate_limited", "not_found", …). */
  get serverCode(): string | undefined {
    return this.envelopeField("error");
  }

  private envelopeField(name: "message" | "error"): string | undefined {
    try {
      const field = (JSON.parse(this.body) as Record<string, unknown> | null)?.[name];
      return typeof field === "string" ? field : undefined;
    } catch {
      return undefined;
    }
  }
}

/** What a toast says went wrong: the server's own message, a network error's, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

async function throwIfNotOk(response: Response) {
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new ApiRequestError(response.status, text);
  }
}

export async function apiRequest(method: string, url: string, body?: unknown, init?: { token?: string }): Promise<Response> {
  const token = init?.token ?? (await getAccessToken());
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

export async function apiJson<T>(method: string, url: string, body?: unknown, init?: { token?: string }): Promise<T> {
  const response = await apiRequest(method, url, body, init);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

type On401 = "returnNull" | "throw";

export function getQueryFn<T>(options: { on401: On401 }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const url = keyToUrl(queryKey);
    const token = await getAccessToken();
    const response = await fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: "include",
    });
    if (options.on401 === "returnNull" && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: getQueryFn({ on401: "throw" }), ...defaultQueryOptions },
      mutations: { retry: false },
    },
  });
}
