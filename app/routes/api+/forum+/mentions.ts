import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { canRead, CATEGORY_NOT_FOUND, getCategory, suggestMentions, topicCategory, TOPIC_NOT_FOUND } from "~/models/community/forum.server";
import { PREMIUM_REQUIRED } from "~/models/billing/membership.server";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

// What the reply and topic editors suggest after an @ (issue 47): members
// whose username starts with `q` and who may read the category being
// written in (`categoryId`, or the category of `topicId`).
const QuerySchema = z
  .object({
    q: z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, "q is the start of a username (letters, digits, _ . -)"),
    categoryId: z.coerce.number().int().positive().optional(),
    topicId: z.coerce.number().int().positive().optional(),
  })
  .refine((query) => (query.categoryId === undefined) !== (query.topicId === undefined), "Give categoryId or topicId");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const query = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiError(400, query.error.issues[0]?.message ?? "Invalid query");
  const category = query.data.categoryId !== undefined ? await getCategory(query.data.categoryId) : await topicCategory(query.data.topicId ?? 0);
  if (!category) return apiError(404, query.data.categoryId !== undefined ? CATEGORY_NOT_FOUND : TOPIC_NOT_FOUND);
  if (!await canRead(user, category)) return apiError(403, PREMIUM_REQUIRED);
  return json({ members: await suggestMentions(user, query.data.q, category.permission) }, { headers: { "Cache-Control": "private, max-age=30" } });
}

export const action = () => methodNotAllowed(["GET"]);
