import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { MailX } from "~/components/ui/icons";
import { GeneralErrorBoundary, StatusPanel } from "~/components/error-boundary";
import { AppLink } from "~/components/ui/app-link";
import { buttonClasses } from "~/components/ui/button";
import { readUnsubscribeToken, unsubscribe, type UnsubscribeScope } from "~/models/notifications/notifications.server";
import { invariantResponse } from "~/utils/misc";

// One-click unsubscribe (RFC 8058, issue 25) from the link in every
// notification email: no sign-in. GET shows what the link turns off and a
// confirm button (a mail scanner following links changes nothing); POST —
// the button, or a mail client's List-Unsubscribe-Post — turns it off.
export const meta: MetaFunction = () => [{ title: "Unsubscribe — Mystic Academy" }, { name: "robots", content: "noindex" }];

const WHAT: Record<UnsubscribeScope, string> = {
  forumReplies: "emails about replies in your forum topics",
  mentions: "emails when someone mentions you",
  liveSessions: "emails about live sessions and their reminders",
  newCourses: "emails about new courses",
  assignments: "emails about assignments to review and reviews of your work",
  digests: "daily and weekly digest emails",
};

const INVALID = "This unsubscribe link is not valid any more";

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await readUnsubscribeToken(params.token ?? "");
  invariantResponse(found, INVALID, { status: 404 });
  return json({ what: WHAT[found.scope], username: found.username });
}

export async function action({ params }: ActionFunctionArgs) {
  const found = await readUnsubscribeToken(params.token ?? "");
  if (!found) return json({ done: false, message: INVALID }, { status: 404 });
  await unsubscribe(found.userId, found.scope);
  return json({ done: true, message: `Done: no more ${WHAT[found.scope]}.` });
}

export default function Unsubscribe() {
  const { what, username } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <section className="card space-y-4 text-center">
        <MailX className="mx-auto h-12 w-12 text-accent" aria-hidden />
        <h1 className="font-display text-3xl">Unsubscribe</h1>
        {result?.done ? (
          <p role="status" data-testid="unsubscribe-done">
            {result.message}
          </p>
        ) : (
          <>
            <p>{`Stop ${what} for ${username}?`}</p>
            <Form method="post">
              <button type="submit" className={buttonClasses("primary")}>
                Unsubscribe
              </button>
            </Form>
          </>
        )}
        <p className="text-sm opacity-80">
          You can choose again at any time on your <AppLink to="/notifications#preferences" className="underline">notifications page</AppLink>.
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <StatusPanel icon={MailX} title={INVALID} message="Choose which emails you get on your notifications page instead." link={{ to: "/notifications#preferences", label: "Email preferences", look: "primary" }} /> }} />;
}
