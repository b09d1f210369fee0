/**
 * `npm start` with no HOST, as this suite starts it: the app answers on 127.0.0.1 and refuses
 * connections on the machine's network address, so other machines cannot reach a default install.
 */
import { expect, test } from "@playwright/test";
import { connects, outsideAddress } from "../helpers/net";

test("a default install takes connections from this machine only", async ({ request, baseURL }) => {
  test.skip(!outsideAddress, "this machine has no network address besides loopback");
  const port = Number(new URL(baseURL!).port);
  expect((await request.get("/api/health")).status()).toBe(200);
  expect(await connects("127.0.0.1", port)).toBe(true);
  expect(await connects(outsideAddress!, port)).toBe(false);
});
