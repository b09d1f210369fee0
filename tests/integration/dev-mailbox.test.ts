/** The dev mailbox's JSON API: filters by recipient, refuses hostile filters with a 400. */
import { describe, expect, it } from "vitest";
import { GET as getMailbox } from "@/app/api/dev/mailbox/route";
import { createUser } from "@/lib/auth-server";
import { apiRequest } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";

describe.each(testDbKinds)("dev mailbox API on %s", (kind) => {
  useTestDb(kind, { app: true });

  it("lists a recipient's emails, newest first", async () => {
    await createUser({ email: "mail@example.com", password: "secret-123", emailConfirmed: false });
    const { handleAuthRequest } = await import("@/lib/auth-server");
    const resend = await handleAuthRequest(
      new Request("http://localhost:3000/auth/v1/resend", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "signup", email: "mail@example.com" }),
      }),
    );
    expect(resend.status).toBe(200);
    const response = await getMailbox(apiRequest("/api/dev/mailbox?to=MAIL%40example.com&limit=5"));
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as { messages: { to: string; kind: string; links: string[] }[] };
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: "mail@example.com", kind: "signup", links: [expect.stringContaining("/auth/v1/verify?")] });
  });

  it("answers hostile filters with a 400 and a message", async () => {
    for (const query of ["to=%00", "to=a%0Ab", "to=a%40example.com&to=b%40example.com", `to=${"a".repeat(400)}`, "limit=ten", "limit=0", "limit=100000"]) {
      const response = await getMailbox(apiRequest(`/api/dev/mailbox?${query}`));
      expect(response.status, query).toBe(400);
      expect((await response.json()) as { message: string }, query).toMatchObject({ error: "bad_request", message: expect.stringMatching(/\w/) });
    }
  });
});
