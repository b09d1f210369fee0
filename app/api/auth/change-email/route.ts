/** Security Settings (SPEC §6: admin and owner only): the current password is checked first. */
import { route } from "@/lib/api/handler";
import { changeEmail } from "@/lib/services/account";
import { emailChangeSchema } from "@/lib/validation/account";

export const dynamic = "force-dynamic";

export const POST = route({ roles: ["admin", "owner"], body: emailChangeSchema }, ({ auth, client, body }) => changeEmail({ auth, ...client }, body));
