import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Bell, CheckCircle2 } from "~/components/ui/icons";
import { PageErrorBoundary } from "~/components/error-boundary";
import { AppLink } from "~/components/ui/app-link";
import { buttonClasses } from "~/components/ui/button";
import { labelClasses } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { getPreferences, listNotifications, markNotificationsRead, setPreferences } from "~/models/notifications/notifications.server";
import {
  EMAIL_FREQUENCY_LABELS,
  EMAIL_FREQUENCY_VALUES,
  EMAIL_PREFERENCE_KEYS,
  EMAIL_PREFERENCE_LABELS,
  PreferencesSchema,
} from "~/schemas/notifications";
import { requireUser } from "~/services/auth.server";
import { readForm } from "~/utils/form-data.server";
import { formatDate, invariantResponse, cn } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";

// The member's notifications (issue 25): newest first, mark one or all read,
// and which emails they get — every form a plain POST, so it all works without JavaScript.
export const meta: MetaFunction = () => [{ title: "Notifications — Mystic Academy" }];

const PageParam = z.coerce.number().int().min(1).max(10_000).catch(1);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const page = PageParam.parse(url.searchParams.get("page") ?? undefined);
  const list = await listNotifications(user.id, { page, knownUnread: context.memo.unreadNotifications });
  return json({ ...list, page, preferences: await getPreferences(user.id), hasEmail: Boolean(user.email) }, { headers: { "Cache-Control": "no-store" } });
}

const ReadForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.coerce.number().int().positive(), next: z.string().optional() }),
  z.object({ intent: z.literal("read-all") }),
  z.object({ intent: z.literal("preferences") }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await readForm(request);
  const parsed = ReadForm.safeParse(Object.fromEntries(formData));
  invariantResponse(parsed.success, "Unknown action", { status: 400 });
  const back = new URL(request.url).pathname + new URL(request.url).search;
  if (parsed.data.intent === "read") {
    await markNotificationsRead(user.id, { ids: [parsed.data.id] });
    // "Open" marks it read and goes to the thing itself; only paths within the academy.
    const next = parsed.data.next;
    return await redirectWithToast(next && next.startsWith("/") && !next.startsWith("//") ? next : back, { type: "success", title: "Marked as read" });
  }
  if (parsed.data.intent === "read-all") {
    await markNotificationsRead(user.id, { all: true });
    return await redirectWithToast(back, { type: "success", title: "All notifications marked as read" });
  }
  // The form also carries its intent: the JSON API's strict shape, minus that.
  const submission = parseWithZod(formData, { schema: PreferencesSchema.omit({ account: true }).strip() });
  if (submission.status !== "success") return json({ error: "Choose one of the listed options for each kind of email." }, { status: 400 });
  await setPreferences(user.id, submission.value);
  return await redirectWithToast(`${back}#preferences`, { type: "success", title: "Email preferences saved" });
}

export default function Notifications() {
  const { notifications, unreadCount, hasMore, page, preferences, hasEmail } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 font-display text-3xl">
            <Bell className="h-7 w-7" aria-hidden /> Notifications
          </h1>
          <p className="mt-1 opacity-80" data-testid="unread-summary">
            {unreadCount === 0 ? "You are all caught up." : `${unreadCount} unread`}
          </p>
        </div>
        {unreadCount > 0 ? (
          <Form method="post">
            <button type="submit" name="intent" value="read-all" className={buttonClasses("outline")} disabled={busy}>
              <CheckCircle2 className="h-4 w-4" aria-hidden /> Mark all as read
            </button>
          </Form>
        ) : null}
      </header>

      {notifications.length === 0 ? (
        <p className="card mt-8 opacity-85">Nothing here yet. Replies to your topics, mentions, live sessions and new courses will show up here.</p>
      ) : (
        <ul className="mt-8 space-y-3" aria-label="Notifications">
          {notifications.map((item) => (
            <li key={item.id}>
              <article
                className={cn("card flex flex-wrap items-start justify-between gap-3", item.readAt ? "opacity-75" : "border-accent/60")}
                aria-label={item.title}
                data-testid="notification"
                data-unread={item.readAt ? undefined : "true"}
              >
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {item.readAt ? null : <span className="sr-only">Unread: </span>}
                    <AppLink to={item.url} className="hover:underline">
                      {item.title}
                    </AppLink>
                  </p>
                  {item.body ? <p className="mt-1 text-sm opacity-85">{item.body}</p> : null}
                  <p className="mt-1 text-xs opacity-70">
                    <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                  </p>
                </div>
                {item.readAt ? null : (
                  <Form method="post" className="flex gap-2">
                    <input type="hidden" name="id" value={item.id} />
                    <button type="submit" name="intent" value="read" className={buttonClasses("ghost", undefined, "sm")} disabled={busy}>
                      Mark as read
                    </button>
                  </Form>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      {page > 1 || hasMore ? <Pagination page={page} pageCount={hasMore ? page + 1 : page} label="Notification pages" /> : null}

      <section id="preferences" className="card mt-10 space-y-4" aria-labelledby="preferences-title">
        <h2 id="preferences-title" className="font-display text-2xl">
          Email preferences
        </h2>
        <p className="text-sm opacity-85">
          {hasEmail
            ? "Choose how often each kind of email reaches you. Digests list what you have not read, once a day or on Mondays."
            : "Add an email address in your settings to get these by email; until then they appear only here."}{" "}
          Account emails (password resets, payments, certificates) are always sent.
        </p>
        <Form method="post" className="space-y-3">
          {EMAIL_PREFERENCE_KEYS.map((key) => (
            <div key={key} className="grid gap-1 sm:grid-cols-[1fr_12rem] sm:items-center">
              <label htmlFor={`pref-${key}`} className={labelClasses}>
                {EMAIL_PREFERENCE_LABELS[key]}
              </label>
              <select id={`pref-${key}`} name={key} defaultValue={preferences[key]} className="input-field">
                {EMAIL_FREQUENCY_VALUES.map((value) => (
                  <option key={value} value={value}>
                    {EMAIL_FREQUENCY_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <button type="submit" name="intent" value="preferences" className={buttonClasses("primary")} disabled={busy}>
            Save email preferences
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/notifications" backLabel="Back to Notifications" message="Please go back to your notifications and try again." />;
}
