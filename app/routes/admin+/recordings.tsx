import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "~/components/ui/icons";
import { PageErrorBoundary } from "~/components/error-boundary";
import { AdminConferenceTabs } from "~/components/conference/admin-conference-tabs";
import { RecordingsList } from "~/components/conference/recordings-list";
import { loadRecordingLibrary } from "~/models/recording-library.server";
import { requireAdmin } from "~/services/auth.server";
import { viewerTimeZone } from "~/utils/time-zone.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Recordings — Mystic Academy" }];

const RECORDINGS_PATH = "/admin/recordings";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const library = loadRecordingLibrary(admin, new URL(request.url).searchParams);
  return json({ ...library, timeZone: viewerTimeZone(request) });
}

export default function AdminRecordings() {
  const { q, recordings, playingId, playingQuestions, timeZone } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <AppLink to="/dashboard" className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
      </AppLink>
      <header className="mt-4">
        <h1 className="font-display text-3xl">Session Recordings</h1>
        <p className="mt-1 opacity-80">Play or download the recordings of past live sessions.</p>
      </header>
      <div className="mt-6">
        <AdminConferenceTabs current="recordings" />
      </div>
      <div className="mt-8">
        <RecordingsList
          basePath={RECORDINGS_PATH}
          q={q}
          recordings={recordings}
          playingId={playingId}
          playingQuestions={playingQuestions}
          timeZone={timeZone}
          emptyHint="Start recording your live sessions to see them appear here."
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo={RECORDINGS_PATH} backLabel="Back to Recordings" />;
}
