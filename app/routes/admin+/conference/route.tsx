import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { CalendarPlus, Radio, Video } from "~/components/ui/icons";
import { PageErrorBoundary } from "~/components/error-boundary";
import { AdminCrudPage, CardGrid, EmptyState, useUrlDialogs } from "~/components/admin/crud-page";
import { ConferenceActionForm } from "./conference-action-form";
import { ConferenceCard } from "./conference-card";
import { ConferenceForm } from "./conference-form";
import { AdminConferenceTabs } from "~/components/conference/admin-conference-tabs";
import { LiveSession } from "~/components/conference/live-session";
import { LiveSessionBanner } from "./live-session-banner";
import { loadConferencePage, submitConferencePage } from "./conference-admin-page.server";
import { isEditable } from "~/schemas/conference";
import { requireAdmin } from "~/services/auth.server";

// The admin sessions page (spec §2). /admin-conference serves the same module.

export const meta: MetaFunction = () => [{ title: "Live Conferences — Mystic Academy" }];

const LIVE_ROOM_ID = "live-room";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  return json(await loadConferencePage(request, admin));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  return await submitConferencePage(request, admin);
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // Opening or closing a dialog only changes ?new, ?edit or ?delete; everything it shows is already on the page.
  // (The same URL again is a revalidation the room asked for, e.g. after recording started.)
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
};

export default function AdminConferencePage() {
  const { pagePath, conferences, timeZone, origin, mediaBackend, liveMessages, liveQuestions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const dialogs = useUrlDialogs(conferences, { openable: isEditable });

  const live = conferences.find((conference) => conference.isLive) ?? null;
  const formResult = actionData && "result" in actionData ? actionData : null;
  const chatResult = actionData && "chatResult" in actionData ? actionData.chatResult : undefined;
  const questionResult = actionData && "questionResult" in actionData ? actionData.questionResult : undefined;

  return (
    <AdminCrudPage
      noun="Conference"
      idField="conferenceId"
      back={{ to: "/dashboard", label: "Back to Dashboard" }}
      title="Live Conferences"
      description="Schedule, start and record live sessions with your students."
      actions={
        <ConferenceActionForm
          intent="go-live"
          label="Go Live"
          pendingLabel="Going live..."
          variant="destructive"
          size="md"
          icon={<Radio className="h-4 w-4" aria-hidden />}
        />
      }
      create={{ label: "Schedule Conference", title: "Schedule Conference", icon: CalendarPlus }}
      closeTo={pagePath}
      dialogs={dialogs}
      formSize="lg"
      form={(conference) => <ConferenceForm conference={conference} reply={formResult} closeTo={pagePath} serverTimeZone={timeZone} />}
      confirmDelete={(conference) => ({
        subject: conference.title,
        explanation: "The conference is removed from the schedule. Its recordings stay in the library unless you choose otherwise.",
        children: (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="withRecordings" className="h-4 w-4" />
            <span>Also delete its recordings</span>
          </label>
        ),
      })}
    >
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
              initialQuestions={liveQuestions}
              questionResult={questionResult}
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
        <CardGrid
          label="Conferences"
          items={conferences}
          className="mt-6"
          empty={
            <EmptyState
              icon={Video}
              title="No Active Conferences"
              message="Create your first live conference to get started."
              className="mt-6"
            />
          }
        >
          {(conference) => <ConferenceCard conference={conference} timeZone={timeZone} liveRoomAnchor={`#${LIVE_ROOM_ID}`} />}
        </CardGrid>
      </section>
    </AdminCrudPage>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/admin/conference" backLabel="Back to Live Conferences" />;
}
