/** Security Settings (SPEC §6: admin and owner only): the current password is checked first. */
import { route } from "@/lib/api/handler";
import { changePassword } from "@/lib/services/account";
import { passwordChangeSchema } from "@/lib/validation/account";

export const dynamic = "force-dynamic";

export const POST = route({ roles: ["admin", "owner"], body: passwordChangeSchema }, ({ auth, client, body }) => changePassword({ auth, ...client }, body));
