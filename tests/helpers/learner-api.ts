/** Calls the learner routes as the browser would, for integration tests: `call(GET, path, token)`. */
import { apiRequest } from "./app";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls a route handler with the path's own params, returning status and parsed JSON. */
export async function call(
  handler: Handler,
  path: string,
  init: { token?: string; method?: string; body?: unknown; rawBody?: string; contentType?: string; params?: Record<string, string> } = {},
  // Tests read the JSON as they need it; the routes' own types are checked where they are written.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const response = await handler(apiRequest(path, init), { params: Promise.resolve(init.params ?? {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
