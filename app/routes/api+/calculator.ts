import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { CalculatorSchema } from "~/schemas/calculator";
import { methodNotAllowed, readJson } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";
import { getCalculatorRecord, saveCalculatorRecord } from "~/models/accounts/user.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(await getCalculatorRecord(user.id));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const user = await requireUser(request, context);
  const values = await readJson(request, CalculatorSchema);
  return json(await saveCalculatorRecord(user.id, values));
}
