/**
 * Delivery over SMTP gives up on a server that takes the connection and never answers, instead of
 * holding up every email behind it: the timeouts come from SMTP_URL's query when it sets them.
 */
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { deliverMail } from "@/lib/mail/deliver";

let server: Server;
let port = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  // Accepts, then says nothing: no greeting ever comes.
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

it("fails a send to a server that never greets, after the URL's greeting timeout", async () => {
  const started = Date.now();
  const mail = { to: "learner@example.com", subject: "Hi", text: "Hello", html: "<p>Hello</p>", kind: "reminder" };
  await expect(deliverMail({ url: `smtp://127.0.0.1:${port}?greetingTimeout=300`, from: "app@example.com" }, mail)).rejects.toThrow(/greeting/i);
  expect(Date.now() - started).toBeLessThan(10_000);
});

it("gives up on its own after 15 s without a greeting when the URL sets nothing", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    const connected = new Promise((resolve) => server.once("connection", resolve));
    const mail = { to: "learner@example.com", subject: "Hi", text: "Hello", html: "<p>Hello</p>", kind: "reminder" };
    const send = deliverMail({ url: `smtp://127.0.0.1:${port}`, from: "app@example.com" }, mail);
    const outcome = send.then(() => "sent", (error: Error) => error.message);
    await connected;
    await vi.advanceTimersByTimeAsync(14_000);
    expect(await Promise.race([outcome, Promise.resolve("waiting")])).toBe("waiting");
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await outcome).toMatch(/greeting/i);
  } finally {
    vi.useRealTimers();
  }
});
