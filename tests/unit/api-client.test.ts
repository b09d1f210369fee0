import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiRequestError, apiJson, apiRequest, createQueryClient, getQueryFn, setAccessTokenGetter } from "@/lib/data/api";

let server: Server;
let base: string;
const seen: { method?: string; url?: string; auth?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, type: req.headers["content-type"], body });
      if (req.url === "/api/missing") {
        res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not_found","message":"No such video"}');
      } else if (req.url === "/api/private") {
        res.writeHead(401).end("Authentication required");
      } else {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, url: req.url }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setAccessTokenGetter(async () => "token-123");
});

afterAll(() => {
  server.close();
});

describe("API fetch helper", () => {
  it("sends the bearer token and a JSON body", async () => {
    const result = await apiJson<{ ok: boolean }>("POST", `${base}/api/settings`, { dailyGoal: 15 });
    expect(result.ok).toBe(true);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: "POST", auth: "Bearer token-123", type: "application/json", body: '{"dailyGoal":15}' });
  });

  it("throws '<status>: <response text>' on a non-OK response", async () => {
    await expect(apiRequest("GET", `${base}/api/missing`)).rejects.toThrow(
      '404: {"error":"not_found","message":"No such video"}',
    );
    const error = await apiRequest("GET", `${base}/api/missing`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).serverMessage).toBe("No such video");
  });

  it("uses the query key as the GET URL, throwing on 401 by default", async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: [`${base}/api/private`] })).rejects.toThrow("401: Authentication required");
    expect(await client.fetchQuery({ queryKey: [`${base}/api/videos?categoryId=2`] })).toEqual({
      ok: true,
      url: "/api/videos?categoryId=2",
    });
    expect(seen.at(-1)!.auth).toBe("Bearer token-123");
  });

  it("builds the GET URL from a [path, query] key, leaving out empty parameters", async () => {
    const client = createQueryClient();
    const key = [`${base}/api/videos/popular`, { categoryId: 3, nativeLanguage: "sv", search: undefined, page: null }] as const;
    expect(await client.fetchQuery({ queryKey: key })).toEqual({ ok: true, url: "/api/videos/popular?categoryId=3&nativeLanguage=sv" });
  });

  it("can return null on 401 instead", async () => {
    const fn = getQueryFn<unknown>({ on401: "returnNull" });
    const client = createQueryClient();
    expect(await client.fetchQuery({ queryKey: [`${base}/api/private`], queryFn: fn })).toBeNull();
  });

  it("keeps data fresh forever, for 10 minutes, without retries or refetches (SPEC §9)", () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults).toMatchObject({
      staleTime: Infinity,
      gcTime: 600_000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: false,
    });
  });
});
