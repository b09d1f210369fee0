import { beforeAll, describe, expect, it } from "vitest";
import { GET as getUser } from "@/app/api/auth/user/route";
import { GET as getLanguages } from "@/app/api/languages/route";
import { GET as getSettings, POST as postSettings } from "@/app/api/settings/route";
import { apiRequest, authPost, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";

describe.each(testDbKinds)("product API on %s", (kind) => {
  useTestDb(kind, { app: true });
  let owner: { id: string; token: string };
  let learner: { id: string; token: string };

  beforeAll(async () => {
    owner = await signedInUser("first@example.com", "secret-123", { first_name: "Frida", last_name: "First" });
    learner = await signedInUser("second@example.com", "secret-456", { first_name: "Sven" });
  });

  it("refuses requests without a valid token", async () => {
    const none = await getUser(apiRequest("/api/auth/user"));
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: "unauthorized", message: "Authentication required" });

    const [header, payload, signature] = learner.token.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), sub: owner.id }),
    ).toString("base64url");
    const forged = await getUser(apiRequest("/api/auth/user", { token: `${header}.${forgedPayload}.${signature}` }));
    expect(forged.status).toBe(401);
    expect((await getUser(apiRequest("/api/auth/user", { token: "garbage" }))).status).toBe(401);
  });

  it("creates app users on first sight: the first account is the owner", async () => {
    const first = await (await getUser(apiRequest("/api/auth/user", { token: owner.token }))).json();
    expect(first).toMatchObject({ id: owner.id, email: "first@example.com", firstName: "Frida", lastName: "First", role: "owner" });
    expect(first).toMatchObject({ nativeLanguage: null, targetLanguage: null, dailyGoal: 30, streak: 0 });

    const second = await (await getUser(apiRequest("/api/auth/user", { token: learner.token }))).json();
    expect(second).toMatchObject({ id: learner.id, firstName: "Sven", lastName: null, role: "user" });
  });

  it("lists the supported languages to anyone", async () => {
    const response = await getLanguages(apiRequest("/api/languages"));
    expect(response.status).toBe(200);
    const languages = (await response.json()) as { code: string; name: string }[];
    expect(languages.map((l) => l.code)).toEqual(["en", "es", "fr", "de", "it", "pt", "sv", "ja", "zh"]);
    expect(languages[1]).toEqual({ code: "es", name: "Spanish", nativeName: "Español" });
  });

  it("saves onboarding choices for the caller only", async () => {
    const response = await postSettings(
      apiRequest("/api/settings", {
        method: "POST",
        token: learner.token,
        body: { nativeLanguage: "sv", targetLanguage: "fr", dailyGoal: 15, timeZone: "Europe/Stockholm" },
      }),
    );
    expect(response.status).toBe(200);
    const learnerNow = await (await getUser(apiRequest("/api/auth/user", { token: learner.token }))).json();
    expect(learnerNow).toMatchObject({ nativeLanguage: "sv", targetLanguage: "fr", dailyGoal: 15, timeZone: "Europe/Stockholm" });
    const ownerNow = await (await getUser(apiRequest("/api/auth/user", { token: owner.token }))).json();
    expect(ownerNow).toMatchObject({ nativeLanguage: null, targetLanguage: null, dailyGoal: 30 });
  });

  it("reads and updates learning preferences", async () => {
    const defaults = await (await getSettings(apiRequest("/api/settings", { token: owner.token }))).json();
    expect(defaults).toEqual({
      showDefinitions: true,
      pauseOnHighlight: true,
      pauseOnWordLookup: true,
      showWordStatus: true,
      enableNotifications: true,
      autoplayVideos: false,
      quizFrequency: "every",
      quizGapSeconds: 30,
      reminderTime: "19:00",
      reminderEmail: true,
    });
    const response = await postSettings(
      apiRequest("/api/settings", { method: "POST", token: owner.token, body: { autoplayVideos: true, firstName: "Freya" } }),
    );
    expect(await response.json()).toMatchObject({ autoplayVideos: true, user: { firstName: "Freya" } });
  });

  it("saves how often quizzes interrupt, and reads it back", async () => {
    const saved = await postSettings(
      apiRequest("/api/settings", { method: "POST", token: owner.token, body: { quizFrequency: "spaced", quizGapSeconds: 45 } }),
    );
    expect(saved.status).toBe(200);
    const read = await (await getSettings(apiRequest("/api/settings", { token: owner.token }))).json();
    expect(read).toMatchObject({ quizFrequency: "spaced", quizGapSeconds: 45 });
    await postSettings(apiRequest("/api/settings", { method: "POST", token: owner.token, body: { quizFrequency: "off" } }));
    expect(await (await getSettings(apiRequest("/api/settings", { token: owner.token }))).json()).toMatchObject({ quizFrequency: "off", quizGapSeconds: 45 });
  });

  it.each([
    [{ nativeLanguage: "xx", targetLanguage: "es" }, 400, "nativeLanguage: nativeLanguage must be one of en, es, fr, de, it, pt, sv, ja, zh"],
    [{ nativeLanguage: "es", targetLanguage: "es" }, 400, "Target language must be different from your native language"],
    [{ dailyGoal: 0 }, 400, "dailyGoal: Daily goal must be at least 1 minute"],
    [{ dailyGoal: "lots" }, 400, "dailyGoal: Daily goal must be at least 1 minute"],
    [{ firstName: "   " }, 400, "firstName: First name is required"],
    [{ timeZone: "Mars/Olympus" }, 400, "Unknown time zone: Mars/Olympus"],
    [{ role: "owner" }, 400, undefined],
    [{ quizFrequency: "sometimes" }, 400, "quizFrequency: Quiz frequency must be every, spaced or off"],
    [{ quizFrequency: "every\u0000" }, 400, "quizFrequency: must not contain NUL characters"],
    [{ quizFrequency: 3 }, 400, "quizFrequency: Quiz frequency must be every, spaced or off"],
    [{ quizGapSeconds: 5 }, 400, "quizGapSeconds: Seconds between quizzes must be at least 10"],
    [{ quizGapSeconds: 100_000 }, 400, "quizGapSeconds: Seconds between quizzes must be at most 600"],
    [{ quizGapSeconds: 12.5 }, 400, "quizGapSeconds: Seconds between quizzes must be a whole number"],
    [{ quizGapSeconds: "30" }, 400, "quizGapSeconds: Seconds between quizzes must be a number"],
  ])("rejects %j with %i", async (body, status, message) => {
    const response = await postSettings(apiRequest("/api/settings", { method: "POST", token: learner.token, body }));
    expect(response.status).toBe(status);
    const json = await response.json();
    if (message) expect(json.message).toBe(message);
    const after = await (await getUser(apiRequest("/api/auth/user", { token: learner.token }))).json();
    expect(after.role).toBe("user");
    expect(after.nativeLanguage).toBe("sv");
  });

  it("takes an empty settings form as no change (it was a 500)", async () => {
    const response = await postSettings(apiRequest("/api/settings", { method: "POST", token: learner.token, body: {} }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { id: learner.id, nativeLanguage: "sv", targetLanguage: "fr", dailyGoal: 15 } });
  });

  it("answers malformed bodies with 4xx, never 500", async () => {
    const badJson = await postSettings(apiRequest("/api/settings", { method: "POST", token: learner.token, rawBody: "{nope" }));
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).message).toBe("The request body is not valid JSON");
    const wrongType = await postSettings(
      apiRequest("/api/settings", { method: "POST", token: learner.token, rawBody: "a=b", contentType: "application/x-www-form-urlencoded" }),
    );
    expect(wrongType.status).toBe(415);
    const array = await postSettings(apiRequest("/api/settings", { method: "POST", token: learner.token, body: [1, 2] }));
    expect(array.status).toBe(400);
  });

  const logout = async (token: string, scope: "local" | "global") => {
    const { handleAuthRequest } = await import("@/lib/auth-server");
    return handleAuthRequest(
      new Request(`http://localhost:3000/auth/v1/logout?scope=${scope}`, {
        method: "POST",
        headers: { apikey: "test", authorization: `Bearer ${token}` },
      }),
    );
  };

  it("stops accepting a token once its session is signed out", async () => {
    const other = await signedInUser("leaving@example.com");
    expect((await getUser(apiRequest("/api/auth/user", { token: other.token }))).status).toBe(200);
    expect((await logout(other.token, "global")).status).toBe(204);
    expect((await getUser(apiRequest("/api/auth/user", { token: other.token }))).status).toBe(401);
  });

  it("signing out one device ends that session at once and keeps the user's other sessions", async () => {
    const phone = await signedInUser("two-devices@example.com", "secret-789");
    const laptop = await authPost("/token?grant_type=password", { email: "two-devices@example.com", password: "secret-789" });
    const laptopToken = ((await laptop.json()) as { access_token: string }).access_token;
    // Both sessions answered moments ago: the next request after a sign-out is still refused.
    expect((await getUser(apiRequest("/api/auth/user", { token: phone.token }))).status).toBe(200);
    expect((await getUser(apiRequest("/api/auth/user", { token: laptopToken }))).status).toBe(200);
    expect((await logout(phone.token, "local")).status).toBe(204);
    expect((await getUser(apiRequest("/api/auth/user", { token: phone.token }))).status).toBe(401);
    const still = await getUser(apiRequest("/api/auth/user", { token: laptopToken }));
    expect(still.status).toBe(200);
    expect(await still.json()).toMatchObject({ id: phone.id, email: "two-devices@example.com" });
  });
});
