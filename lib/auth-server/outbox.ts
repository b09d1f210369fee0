/**
 * Hands a request's queued emails to SMTP once its database work has committed. An email that
 * cannot be sent is undone, so the user may ask again at once instead of following a dead link.
 */
import { and, eq, inArray } from "drizzle-orm";
import { authOneTimeTokens, authUsers } from "@/db/schema";
import type { RequestContext } from "./context";
import { unexpectedFailure } from "./errors";
import { deliverMail, type CodeKind, type MailKind } from "./mail";

const mailDescription: Record<MailKind | CodeKind, string> = {
  signup: "confirmation",
  recovery: "recovery",
  invite: "invite",
  magiclink: "magic link",
  email_change_current: "email change",
  email_change_new: "email change",
  reauthentication: "reauthentication",
};

/** Sends (and empties) the outbox; throws GoTrue's 500 "Error sending ... email" when one fails. */
export async function deliverOutbox(ctx: RequestContext): Promise<void> {
  const { smtp } = ctx.config;
  const queued = ctx.outbox.splice(0);
  if (!smtp) return;
  for (const { mail, userId, type } of queued) {
    try {
      await deliverMail(smtp, mail);
    } catch (error) {
      ctx.config.logError(`could not send the ${type} email`, error);
      await ctx.db.transaction(async (tx) => {
        if (type === "email_change_current" || type === "email_change_new") {
          // A change needs both addresses to hear of it: with one email lost, the request is dropped.
          await tx.update(authUsers).set({ emailChange: null, emailChangeSentAt: null }).where(eq(authUsers.id, userId));
          await tx
            .delete(authOneTimeTokens)
            .where(and(eq(authOneTimeTokens.userId, userId), inArray(authOneTimeTokens.tokenType, ["email_change_current", "email_change_new", "email_change_current_code", "email_change_new_code"])));
        } else if (type === "reauthentication") {
          await tx
            .delete(authOneTimeTokens)
            .where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.tokenType, "reauthentication")));
        } else {
          // The email never left: let the user ask again at once instead of waiting a minute.
          const sentAt = type === "signup" ? { confirmationSentAt: null } : type === "invite" ? { invitedAt: null } : { recoverySentAt: null };
          await tx.update(authUsers).set(sentAt).where(eq(authUsers.id, userId));
        }
      });
      throw unexpectedFailure(`Error sending ${mailDescription[type]} email`);
    }
  }
}
