/** POST /otp: an emailed sign-in code and magic link. */
import type { RequestContext } from "../context";
import { AuthServerError } from "../errors";

export async function otp(_ctx: RequestContext): Promise<Response> {
  throw new AuthServerError(404, "not_found", "Not found");
}
