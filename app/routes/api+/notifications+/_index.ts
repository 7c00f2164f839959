import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { listNotifications } from "~/models/notifications/notifications.server";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/services/auth.server";

const Query = z.object({
  unread: z.enum(["0", "1", "true", "false"]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

// The member's own notifications, newest first, 20 a page (issue 25).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const query = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiError(400, "unread is 1 or 0 and page a whole number from 1");
  const unreadOnly = query.data.unread === "1" || query.data.unread === "true";
  const { notifications, unreadCount, hasMore } = await listNotifications(user.id, { unreadOnly, page: query.data.page });
  return json({ notifications, unreadCount, hasMore }, { headers: { "Cache-Control": "no-store" } });
}

export const action = () => methodNotAllowed(["GET"]);
