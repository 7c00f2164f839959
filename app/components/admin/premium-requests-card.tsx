import { DISMISS_REQUEST_INTENT, GRANT_REQUEST_INTENT } from "~/schemas/admin-dashboard";
import { Form, useNavigation } from "@remix-run/react";
import { Crown, X } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/utils/misc";


export interface PremiumRequestRow {
  id: number;
  message: string | null;
  createdAt: string;
  member: { id: number; username: string; name: string; email: string | null };
}

/** Members waiting for Premium (asked while online payments are off): grant or dismiss in one click. */
export function PremiumRequestsCard({ requests }: { requests: PremiumRequestRow[] }) {
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("requestId") : null;
  return (
    <section className="card" aria-labelledby="premium-requests">
      <h2 id="premium-requests" className="flex items-center gap-2 font-display text-xl">
        <Crown className="h-5 w-5 text-accent" aria-hidden /> Premium Requests
      </h2>
      {requests.length === 0 ? (
        <p className="mt-3 opacity-75">No members are waiting for Premium.</p>
      ) : (
        <ul className="mt-3 divide-y divide-primary/20" aria-label="Open Premium requests">
          {requests.map((request) => (
            <li key={request.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="premium-request">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  {request.member.name}{" "}
                  <span className="font-normal opacity-75">
                    @{request.member.username}
                    {request.member.email ? ` · ${request.member.email}` : ""}
                  </span>
                </p>
                <p className="text-sm opacity-75">Asked on {formatDate(request.createdAt)}</p>
                {request.message ? <p className="mt-1 whitespace-pre-line break-words text-sm">{request.message}</p> : null}
              </div>
              <Form method="post" className="flex gap-2">
                <input type="hidden" name="requestId" value={request.id} />
                <Button
                  type="submit"
                  name="intent"
                  value={GRANT_REQUEST_INTENT}
                  size="sm"
                  disabled={busyId === String(request.id)}
                  aria-label={`Grant Premium to ${request.member.username}`}
                >
                  <Crown className="h-4 w-4" aria-hidden /> Grant Premium
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value={DISMISS_REQUEST_INTENT}
                  variant="ghost"
                  size="sm"
                  disabled={busyId === String(request.id)}
                  aria-label={`Dismiss ${request.member.username}'s request`}
                >
                  <X className="h-4 w-4" aria-hidden /> Dismiss
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
