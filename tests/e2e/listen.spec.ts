/**
 * `npm start` with no HOST, as this suite starts it: the app answers on 127.0.0.1 and refuses
 * connections on the machine's network address, so other machines cannot reach a default install.
 */
import { expect, test } from "@playwright/test";
import { connects, outsideAddress } from "../helpers/net";
import { SECURE_APP_PORT } from "./support/servers";

test("a default install takes connections from this machine only", async ({ request }) => {
  test.skip(!outsideAddress, "this machine has no network address besides loopback");
  expect((await request.get("/api/health")).status()).toBe(200);
  expect(await connects("127.0.0.1", SECURE_APP_PORT)).toBe(true);
  expect(await connects(outsideAddress!, SECURE_APP_PORT)).toBe(false);
});
