import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { exportAccountData, exportFileName } from "~/models/accounts/account.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { publicOrigin } from "~/utils/misc.server";

/** "Download my data": everything kept about the member, as a JSON attachment. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(await exportAccountData(user.id, publicOrigin(request)), {
    headers: {
      "Content-Disposition": `attachment; filename="${exportFileName(user)}"`,
      "Cache-Control": "no-store",
    },
  });
}

export const action = () => methodNotAllowed(["GET"]);
