/**
 * `npm start` with no HOST, as this suite starts it: the app answers on 127.0.0.1 and refuses
 * connections on the machine's network address, so other machines cannot reach a default install.
 */
import net from "node:net";
import { networkInterfaces } from "node:os";
import { expect, test } from "@playwright/test";
import { SECURE_APP_PORT } from "./support/servers";

const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

test("a default install takes connections from this machine only", async ({ request }) => {
  test.skip(!outsideAddress, "this machine has no network address besides loopback");
  expect((await request.get("/api/health")).status()).toBe(200);
  expect(await connects("127.0.0.1", SECURE_APP_PORT)).toBe(true);
  expect(await connects(outsideAddress!, SECURE_APP_PORT)).toBe(false);
});
