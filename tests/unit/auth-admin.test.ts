/** Hosted Supabase accounts: deleting and confirming through GoTrue's admin API with the service-role key, and a clear refusal without one. */
import { describe, expect, it } from "vitest";
import type { DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/api/errors";
import { confirmAuthEmail, confirmHostedAuthEmail, deleteAuthAccount, deleteHostedAuthUser } from "@/lib/auth/admin";

const project = { url: "https://abc.supabase.co", serviceRoleKey: "service-key" };
const userId = "6f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f";
const noDb = {} as DbOrTx;

function fakeFetch(status: number, body = "{}") {
  const calls: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Request(input, init));
    return new Response(body, { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe("deleting a hosted account", () => {
  it("calls DELETE /auth/v1/admin/users/{id} with the service-role key, as a hard delete", async () => {
    const { calls, fetchImpl } = fakeFetch(200);
    expect(await deleteHostedAuthUser(project, userId, fetchImpl)).toBe("deleted");
    const [request] = calls;
    expect(request!.method).toBe("DELETE");
    expect(request!.url).toBe(`https://abc.supabase.co/auth/v1/admin/users/${userId}`);
    expect(request!.headers.get("apikey")).toBe("service-key");
    expect(request!.headers.get("authorization")).toBe("Bearer service-key");
    expect(await request!.json()).toEqual({ should_soft_delete: false });
  });

  it("counts an account already gone as deleted, so a retry finishes the product's part", async () => {
    expect(await deleteHostedAuthUser(project, userId, fakeFetch(404, '{"code":"user_not_found"}').fetchImpl)).toBe("absent");
  });

  it("names the key when Supabase refuses it, and fails loudly on a server error", async () => {
    for (const status of [401, 403]) {
      const error = await deleteHostedAuthUser(project, userId, fakeFetch(status).fetchImpl).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
      expect((error as ApiError).message).toContain("SUPABASE_SERVICE_ROLE_KEY");
    }
    await expect(deleteHostedAuthUser(project, userId, fakeFetch(500, "boom").fetchImpl)).rejects.toThrow(/500/);
  });

  it("without a service-role key, refuses with 503 and says which variable to set, calling nobody", async () => {
    const { calls, fetchImpl } = fakeFetch(200);
    const hosted = { kind: "supabase" as const, url: project.url, anonKey: "anon", jwtSecret: undefined, serviceRoleKey: undefined };
    const error = await deleteAuthAccount(noDb, userId, hosted, fetchImpl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toBe("Deleting users needs the Supabase service-role key: set SUPABASE_SERVICE_ROLE_KEY on the server.");
    expect(calls).toHaveLength(0);
    await deleteAuthAccount(noDb, userId, { ...hosted, serviceRoleKey: "service-key" }, fetchImpl);
    expect(calls).toHaveLength(1);
  });
});

describe("confirming a hosted account's email", () => {
  /** Answers GET with the user (confirmed or not) and PUT with `put`. */
  function supabase(user: { email_confirmed_at: string | null } | null, put = 200) {
    const calls: Request[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      calls.push(request);
      if (request.method === "GET") return user ? Response.json({ id: userId, ...user }) : Response.json({ code: "user_not_found" }, { status: 404 });
      return Response.json({}, { status: put });
    }) as typeof fetch;
    return { calls, fetchImpl };
  }
  const hosted = { kind: "supabase" as const, url: project.url, anonKey: "anon", jwtSecret: undefined, serviceRoleKey: "service-key" };

  it("without a service-role key, refuses with 503 naming the variable, calling nobody", async () => {
    const { calls, fetchImpl } = supabase({ email_confirmed_at: null });
    const error = await confirmAuthEmail(noDb, userId, { ...hosted, serviceRoleKey: undefined }, fetchImpl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toContain("SUPABASE_SERVICE_ROLE_KEY");
    expect(calls).toHaveLength(0);
  });

  it("confirms through PUT /auth/v1/admin/users/{id} with email_confirm, with the key", async () => {
    const { calls, fetchImpl } = supabase({ email_confirmed_at: null });
    expect(await confirmAuthEmail(noDb, userId, hosted, fetchImpl)).toBe("confirmed");
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.url).toBe(`https://abc.supabase.co/auth/v1/admin/users/${userId}`);
    expect(put.headers.get("authorization")).toBe("Bearer service-key");
    expect(await put.json()).toEqual({ email_confirm: true });
  });

  it("tells an already-confirmed or unknown account apart, and names the key when refused", async () => {
    expect(await confirmAuthEmail(noDb, userId, hosted, supabase({ email_confirmed_at: "2026-01-01T00:00:00Z" }).fetchImpl)).toBe("already_confirmed");
    expect(await confirmAuthEmail(noDb, userId, hosted, supabase(null).fetchImpl)).toBe("absent");
    const error = await confirmHostedAuthEmail(project, userId, supabase({ email_confirmed_at: null }, 401).fetchImpl).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toContain("SUPABASE_SERVICE_ROLE_KEY");
  });
});
