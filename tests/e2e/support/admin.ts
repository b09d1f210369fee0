/** The admin screen for e2e: signing in as the demo admin, unique YouTube ids, and videos added through the API. */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { session } from "./accounts";
import { DEMO_ADMIN } from "./pages";
import { signInWithCookie } from "./session-cookie";

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** An 11-character YouTube id no other case (or run) uses. */
export function uniqueYoutubeId(): string {
  let id = "";
  for (let i = 0; i < 11; i++) id += ID_CHARS[Math.floor(Math.random() * ID_CHARS.length)];
  return id;
}

/** The admin screen, signed in as the demo admin. */
export async function openAdmin(page: Page) {
  await signInWithCookie(page, DEMO_ADMIN, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Content Management System" })).toBeVisible();
  // The list polls while videos process: wait for the page, never for an idle network.
  await page.waitForLoadState("load");
}

export async function adminHeaders(request: APIRequestContext) {
  const { access_token } = await session(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return { authorization: `Bearer ${access_token}` };
}

/** A video added as the admin through POST /api/videos (processing, unpublished to learners). */
export async function addVideoByApi(request: APIRequestContext, title: string) {
  const response = await request.post("/api/videos", {
    headers: await adminHeaders(request),
    data: { youtubeId: uniqueYoutubeId(), title, targetLanguage: "es" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; title: string; status: string };
}
