import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { CalendarPlus, Clock, Crown, Loader2, LogIn, Users, Video } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { minutesLabel } from "~/components/conference/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LiveSession } from "~/components/conference/live-session";
import { LocalDateTime } from "~/components/conference/local-date-time";
import { buttonClasses } from "~/components/ui/button";
import { chatFormHeaders, submitChatForm } from "~/models/live/conference-chat-form.server";
import { listMessages } from "~/models/live/conference-chat.server";
import { isQuestionIntent, submitQuestionForm } from "~/models/live/conference-questions-form.server";
import { listQuestions } from "~/models/live/conference-questions.server";
import { getConference, mayAttend } from "~/models/live/conference.server";
import { useOptionalUser } from "~/utils/root-data";
import { homeFor, requireUser } from "~/services/auth.server";
import { readForm } from "~/utils/form-data.server";
import { parseRouteId } from "~/utils/misc";
import { publicOrigin } from "~/utils/misc.server";
import { viewerTimeZone } from "~/utils/time-zone.server";
import { AppLink } from "~/components/ui/app-link";
import { mediaBackend } from "~/realtime/media-backend.server";

// The join page (admin spec §2): every state is decided by the loader on
// each request, so it works on first load without JavaScript and never shows
// a stale "live". Signed-out visitors are sent to /login?redirect=<here>.

export const JOIN_TEXTS = {
  notFoundTitle: "Conference Not Found",
  notFound: "This conference link is invalid or the meeting has ended.",
  notLiveTitle: "Conference Not Live",
  notLive: "This conference is not currently active. Please check back when the meeting starts.",
  loginTitle: "Login Required",
  login: "You need to be logged in to join this conference.",
} as const;

const calendarHref = (id: number) => `/api/conferences/${id}/calendar.ics`;

/**
 * The room's share link on first paint; the room replaces it with the page's
 * own origin once hydrated. Shown only to the viewer on a private page, so
 * without PUBLIC_URL the request's own origin is an acceptable first guess.
 */
function firstPaintOrigin(request: Request): string {
  try {
    return publicOrigin(request);
  } catch {
    return new URL(request.url).origin;
  }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const home = homeFor(user);
  const id = parseRouteId(params.conferenceId);
  const conference = id === null ? undefined : await getConference(id);
  if (!conference) return json({ state: "not-found", home } as const, { status: 404 });
  // 410: the link was real, and an ended meeting never comes back.
  if (conference.endedAt !== null) return json({ state: "not-found", home } as const, { status: 410 });
  if (!await mayAttend(user, conference)) {
    return json({ state: "premium-only", home, conference: { id: conference.id, title: conference.title } } as const, { status: 403 });
  }
  const details = {
    id: conference.id,
    title: conference.title,
    description: conference.description,
    scheduledAt: conference.scheduledAt.toISOString(),
    duration: conference.duration,
    maxParticipants: conference.maxParticipants,
  };
  const timeZone = viewerTimeZone(request);
  if (!conference.isLive) return json({ state: "not-live", home, conference: details, timeZone } as const);
  if (new URL(request.url).searchParams.get("room") === "1") {
    const room = { isHost: user.role === "admin", isRecording: conference.isRecording, mediaBackend: mediaBackend() };
    const messages = await listMessages(user, conference.id);
    const questions = await listQuestions(user, conference.id);
    return json({ state: "room", home, conference: details, origin: firstPaintOrigin(request), room, messages, questions, timeZone } as const);
  }
  const welcomeName = user.firstName?.trim() || user.name?.trim() || "Participant";
  return json({ state: "live", home, conference: details, timeZone, welcomeName } as const);
}

const roomPath = (id: number) => `/join-conference/${id}?room=1`;

/** The room's chat and question forms, for visitors without JavaScript; the panels themselves post to the API. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const id = parseRouteId(params.conferenceId);
  if (isQuestionIntent(intent)) return await submitQuestionForm(formData, user, id, id === null ? "/dashboard" : `${roomPath(id)}#live-questions`);
  if (intent !== "chat") throw json({ message: "Unknown action" }, { status: 400 });
  return await submitChatForm(formData, user, id, id === null ? "/dashboard" : `${roomPath(id)}#live-chat`);
}

export const headers = chatFormHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title =
    !data || data.state === "not-found"
      ? JOIN_TEXTS.notFoundTitle
      : data.state === "premium-only"
        ? `${data.conference.title} (Premium)`
        : data.conference.title;
  return [{ title: `${title} — Mystic Academy` }];
};

function StateCard({ testId, icon, title, children }: { testId: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <section className="card space-y-4 text-center" data-testid={testId} aria-labelledby="join-state-title">
        <div className="flex justify-center text-accent">{icon}</div>
        <h1 id="join-state-title" className="font-display text-3xl">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

function AddToCalendar({ id }: { id: number }) {
  // A file download, not a page: a plain link.
  return (
    <a href={calendarHref(id)} className={buttonClasses("outline")}>
      <CalendarPlus className="h-4 w-4" aria-hidden /> Add to calendar
    </a>
  );
}

function DashboardLink({ home }: { home: string }) {
  return (
    <Link to={home} className={buttonClasses("outline")}>
      Go to Dashboard
    </Link>
  );
}

function NotFound({ home }: { home: string }) {
  return (
    <StateCard testId="join-not-found" icon={<Video className="h-10 w-10" aria-hidden />} title={JOIN_TEXTS.notFoundTitle}>
      <p className="opacity-85">{JOIN_TEXTS.notFound}</p>
      <DashboardLink home={home} />
    </StateCard>
  );
}

function LoadingConference() {
  return (
    <StateCard testId="join-loading" icon={<Loader2 className="h-10 w-10 animate-spin" aria-hidden />} title="Loading conference...">
      <p className="sr-only" role="status">
        Loading conference...
      </p>
    </StateCard>
  );
}

export default function JoinConference() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // Only client navigations wait here: a first load arrives already decided.
  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/join-conference/")) return <LoadingConference />;

  switch (data.state) {
    case "not-found":
      return <NotFound home={data.home} />;
    case "premium-only":
      return (
        <StateCard testId="join-premium-only" icon={<Crown className="h-10 w-10" aria-hidden />} title="Premium Members Only">
          <p className="font-display text-xl">{data.conference.title}</p>
          <p className="opacity-85">This live session is for Premium members: the monthly live Q&amp;A is one of the Premium benefits.</p>
          <div className="flex flex-wrap justify-center gap-2">
            <AppLink to="/upgrade" className={buttonClasses("primary")}>
              <Crown className="h-4 w-4" aria-hidden /> Upgrade to Premium
            </AppLink>
            <DashboardLink home={data.home} />
          </div>
        </StateCard>
      );
    case "not-live":
      return (
        <StateCard testId="join-not-live" icon={<Clock className="h-10 w-10" aria-hidden />} title={JOIN_TEXTS.notLiveTitle}>
          <p className="opacity-85">{JOIN_TEXTS.notLive}</p>
          <div className="space-y-2 rounded-lg border border-primary/30 p-4 text-left">
            <h2 className="font-display text-xl">{data.conference.title}</h2>
            <p className="whitespace-pre-line text-sm opacity-85">{data.conference.description}</p>
            <p className="text-sm" data-testid="join-scheduled-at">
              <LocalDateTime value={data.conference.scheduledAt} serverTimeZone={data.timeZone} />
              {` · ${minutesLabel(data.conference.duration)}`}
            </p>
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            <AddToCalendar id={data.conference.id} />
            <DashboardLink home={data.home} />
          </div>
        </StateCard>
      );
    case "live":
      return (
        <StateCard testId="join-live" icon={<Video className="h-10 w-10" aria-hidden />} title="Join Live Conference">
          <div className="space-y-2 rounded-lg border border-primary/30 p-4 text-left">
            <h2 className="font-display text-xl">{data.conference.title}</h2>
            <p className="whitespace-pre-line text-sm opacity-85">{data.conference.description}</p>
            <p className="flex flex-wrap gap-4 text-sm opacity-85">
              <span className="inline-flex items-center gap-1">
                <Users className="h-4 w-4" aria-hidden />
                {`Max ${data.conference.maxParticipants} participants`}
              </span>
              <span className="inline-flex items-center gap-1">
                <Clock className="h-4 w-4" aria-hidden />
                {minutesLabel(data.conference.duration)}
              </span>
            </p>
          </div>
          <p>{`Welcome, ${data.welcomeName}! Ready to join the live conference?`}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <AppLink to={`/join-conference/${data.conference.id}?room=1`} className={buttonClasses("destructive", undefined, "lg")}>
              <Video className="h-5 w-5" aria-hidden /> Join Conference Now
            </AppLink>
            <AddToCalendar id={data.conference.id} />
          </div>
        </StateCard>
      );
    case "room":
      return (
        <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
          <LiveSession
            conference={data.conference}
            mediaBackend={data.room.mediaBackend}
            origin={data.origin}
            endControl={
              <AppLink to={`/join-conference/${data.conference.id}`} className={buttonClasses("outline", undefined, "sm")}>
                Leave
              </AppLink>
            }
            isHost={data.room.isHost}
            isRecording={data.room.isRecording}
            initialMessages={data.messages}
            chatResult={actionData && "chatResult" in actionData ? actionData.chatResult : undefined}
            initialQuestions={data.questions}
            questionResult={actionData && "questionResult" in actionData ? actionData.questionResult : undefined}
            timeZone={data.timeZone}
          />
        </div>
      );
  }
}

export function ErrorBoundary() {
  const user = useOptionalUser();
  const { pathname } = useLocation();
  const loginRequired = (
    <StateCard testId="join-login-required" icon={<LogIn className="h-10 w-10" aria-hidden />} title={JOIN_TEXTS.loginTitle}>
      <p className="opacity-85">{JOIN_TEXTS.login}</p>
      <AppLink to={`/login?redirect=${encodeURIComponent(pathname)}`} className={buttonClasses("primary")}>
        Go to Login
      </AppLink>
    </StateCard>
  );
  // /dashboard sends each member to their own home (homeFor is server code).
  const notFound = () => <NotFound home="/dashboard" />;
  return (
    <GeneralErrorBoundary
      // A visitor is asked to sign in whatever went wrong.
      statusHandlers={user ? { 401: () => loginRequired, 404: notFound, 410: notFound } : undefined}
      defaultStatusHandler={() =>
        user ? (
          <StateCard testId="join-error" icon={<Video className="h-10 w-10" aria-hidden />} title="Something went wrong">
            <p className="opacity-85">The conference could not be opened. Please try again in a moment.</p>
            <DashboardLink home="/dashboard" />
          </StateCard>
        ) : (
          loginRequired
        )
      }
    />
  );
}
