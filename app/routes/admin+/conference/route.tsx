import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { ArrowLeft, CalendarPlus, Radio, Video } from "~/components/ui/icons";
import { AdminErrorPanel } from "~/components/admin/error-panel";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { ConferenceActionForm } from "./conference-action-form";
import { ConferenceCard } from "./conference-card";
import { ConferenceForm } from "./conference-form";
import { AdminConferenceTabs } from "~/components/conference/admin-conference-tabs";
import { LiveSession } from "~/components/conference/live-session";
import { LiveSessionBanner } from "./live-session-banner";
import { buttonClasses } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/dialog";
import { loadConferencePage, submitConferencePage } from "./conference-admin-page.server";
import { isEditable } from "~/schemas/conference";
import { requireAdmin } from "~/services/auth.server";
import { parseRouteId } from "~/utils/misc";

// The admin sessions page (spec §2). /admin-conference serves the same module.

export const meta: MetaFunction = () => [{ title: "Live Conferences — Mystic Academy" }];

const LIVE_ROOM_ID = "live-room";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json(loadConferencePage(request, admin));
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return submitConferencePage(request, admin);
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // Opening or closing a dialog only changes ?new, ?edit or ?delete; everything it shows is already on the page.
  // (The same URL again is a revalidation the room asked for, e.g. after recording started.)
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
};

export default function AdminConferencePage() {
  const { pagePath, conferences, timeZone, origin, mediaBackend, liveMessages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();

  const live = conferences.find((conference) => conference.isLive) ?? null;
  const creating = searchParams.get("new") === "1";
  const editId = parseRouteId(searchParams.get("edit"));
  const editing = conferences.find((conference) => conference.id === editId && isEditable(conference)) ?? null;
  const deleteId = parseRouteId(searchParams.get("delete"));
  const deleting = conferences.find((conference) => conference.id === deleteId && isEditable(conference)) ?? null;
  const formResult = actionData && "result" in actionData ? actionData : null;
  const chatResult = actionData && "chatResult" in actionData ? actionData.chatResult : undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <a href="/dashboard" data-discover="true" className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
      </a>
      <header className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Live Conferences</h1>
          <p className="mt-1 opacity-80">Schedule, start and record live sessions with your students.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ConferenceActionForm
            intent="go-live"
            label="Go Live"
            pendingLabel="Going live..."
            variant="destructive"
            size="md"
            icon={<Radio className="h-4 w-4" aria-hidden />}
          />
          <Link to="?new=1" preventScrollReset className={buttonClasses("primary")}>
            <CalendarPlus className="h-4 w-4" aria-hidden /> Schedule Conference
          </Link>
        </div>
      </header>

      <div className="mt-6">
        <AdminConferenceTabs current="sessions" />
      </div>

      {live ? (
        <div className="mt-8 space-y-6">
          <LiveSessionBanner session={live} />
          <div id={LIVE_ROOM_ID} className="scroll-mt-6 space-y-6">
            <LiveSession
              conference={live}
              mediaBackend={mediaBackend}
              origin={origin}
              endControl={
                <ConferenceActionForm intent="end" conferenceId={live.id} label="End Conference" pendingLabel="Ending..." variant="destructive" />
              }
              isHost
              isRecording={live.isRecording}
              initialMessages={liveMessages}
              chatResult={chatResult}
              timeZone={timeZone}
            />
          </div>
        </div>
      ) : null}

      <section className="mt-10" aria-labelledby="scheduled-conferences">
        <div className="flex items-center gap-3">
          <h2 id="scheduled-conferences" className="font-display text-2xl">
            Scheduled Conferences
          </h2>
          <span className="rounded-full border border-accent/60 bg-accent/10 px-2 py-0.5 text-xs font-semibold" data-testid="active-count">
            {conferences.length} Active
          </span>
        </div>
        {conferences.length === 0 ? (
          <div className="card mt-6 text-center">
            <Video className="mx-auto h-10 w-10 text-accent" aria-hidden />
            <p className="mt-3 text-lg">No Active Conferences</p>
            <p className="mt-1 text-sm opacity-75">Create your first live conference to get started.</p>
          </div>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Conferences">
            {conferences.map((conference) => (
              <li key={conference.id}>
                <ConferenceCard conference={conference} timeZone={timeZone} liveRoomAnchor={`#${LIVE_ROOM_ID}`} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {creating || editing ? (
        <UrlDialog title={editing ? "Edit Conference" : "Schedule Conference"} closeTo={pagePath} size="lg">
          <ConferenceForm
            key={editing?.id ?? "new"}
            conference={editing}
            lastResult={formResult?.result}
            notice={formResult?.notice}
            closeTo={pagePath}
            serverTimeZone={timeZone}
          />
        </UrlDialog>
      ) : null}

      {deleting ? (
        <ConfirmDeleteDialog
          title="Delete this conference?"
          subject={deleting.title}
          explanation="The conference is removed from the schedule. Its recordings stay in the library unless you choose otherwise."
          closeTo={pagePath}
          fields={{ conferenceId: String(deleting.id) }}
          buttonLabel="Delete Conference"
        >
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="withRecordings" className="h-4 w-4" />
            <span>Also delete its recordings</span>
          </label>
        </ConfirmDeleteDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorPanel backTo="/admin/conference" backLabel="Back to Live Conferences" />;
}
