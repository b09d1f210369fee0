/** A signed-in admin's or owner's own credentials (Security Settings): each change needs the current password. */
import "server-only";
import type { RequestAuth } from "@/lib/auth/require-user";
import { checkCurrentPassword, requestEmailChange, setPassword } from "@/lib/auth/account";
import { badRequest } from "@/lib/api/errors";
import type { EmailChange, PasswordChange } from "@/lib/validation/account";

export type AccountRequest = { auth: RequestAuth; origin: string; clientIp: string };

function authEmail(auth: RequestAuth): string {
  const email = auth.claims.email;
  if (!email) throw badRequest("This account has no email address");
  return email;
}

export async function changePassword(request: AccountRequest, input: PasswordChange) {
  const target = { origin: request.origin, clientIp: request.clientIp };
  await checkCurrentPassword(target, authEmail(request.auth), input.currentPassword);
  await setPassword(target, request.auth.token, input);
  return { message: "Your password has been updated successfully." };
}

export async function changeEmail(request: AccountRequest, input: EmailChange) {
  const email = authEmail(request.auth);
  if (input.newEmail.toLowerCase() === email.toLowerCase()) throw badRequest("That is already your email address");
  const target = { origin: request.origin, clientIp: request.clientIp };
  await checkCurrentPassword(target, email, input.currentPassword);
  await requestEmailChange(target, request.auth.token, { newEmail: input.newEmail, redirectTo: `${request.origin}/auth/callback` });
  return {
    message: `To finish, follow the links we sent to ${email} and to ${input.newEmail}.`,
    newEmail: input.newEmail,
  };
}
