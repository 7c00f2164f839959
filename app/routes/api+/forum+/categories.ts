import { json } from "@remix-run/node";
import { listCategoriesWithCounts } from "~/models/community/forum.server";
import { methodNotAllowed } from "~/utils/api.server";

// Public: the forum home lists every category, premium ones included.
export const loader = async () => json(await listCategoriesWithCounts());
export const action = () => methodNotAllowed(["GET"]);
