import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { ArrowLeft } from "~/components/ui/icons";
import { PageErrorBoundary } from "~/components/error-boundary";
import { ConfirmDeleteButton, ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { AdminConferenceTabs } from "~/components/conference/admin-conference-tabs";
import { RecordingStorage } from "~/components/conference/recording-storage";
import { recordingLibraryHref, RecordingsList } from "~/components/conference/recordings-list";
import { CONFERENCE_MESSAGES, ConferenceError, deleteRecording } from "~/models/conference.server";
import { recordingStorage } from "~/models/recording-files.server";
import { loadRecordingLibrary } from "~/models/recording-library.server";
import { RecordingSearchSchema } from "~/schemas/conference";
import { requireAdmin } from "~/services/auth.server";
import { readForm } from "~/utils/form-data.server";
import { parseRouteId } from "~/utils/misc";
import { viewerTimeZone } from "~/utils/time-zone.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Recordings — Mystic Academy" }];

const RECORDINGS_PATH = "/admin/recordings";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const library = loadRecordingLibrary(admin, new URL(request.url).searchParams);
  return json({ ...library, storage: recordingStorage(), timeZone: viewerTimeZone(request) });
}

// Delete (issue 30): with JavaScript the card's button posts after the
// browser's confirm(); without, it opens ?delete={id}, whose form posts here.
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const form = await readForm(request);
  const back = recordingLibraryHref(RECORDINGS_PATH, { q: RecordingSearchSchema.parse(new URL(request.url).searchParams.get("q") ?? "") });
  if (form.get("intent") !== "delete") throw json({ message: "Unknown recordings action" }, { status: 400 });
  try {
    const id = parseRouteId(form.get("recordingId"));
    if (id === null) throw new ConferenceError(404, CONFERENCE_MESSAGES.recordingNotFound);
    deleteRecording(id);
  } catch (error) {
    if (!(error instanceof ConferenceError)) throw error;
    return redirectWithToast(back, { type: "error", title: "Could not delete the recording", description: error.message });
  }
  return redirectWithToast(back, { type: "success", title: "Recording deleted" });
}

export default function AdminRecordings() {
  const { q, recordings, playingId, playingQuestions, storage, timeZone } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const deletingId = parseRouteId(searchParams.get("delete"));
  const deleting = recordings.find((recording) => recording.id === deletingId && recording.status !== "recording");
  const closeTo = recordingLibraryHref(RECORDINGS_PATH, { q });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <AppLink to="/dashboard" className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
      </AppLink>
      <header className="mt-4">
        <h1 className="font-display text-3xl">Session Recordings</h1>
        <p className="mt-1 opacity-80">Play, download or delete the recordings of past live sessions.</p>
      </header>
      <div className="mt-6">
        <AdminConferenceTabs current="recordings" />
      </div>
      <div className="mt-6">
        <RecordingStorage usedBytes={storage.usedBytes} capBytes={storage.capBytes} />
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
          cardActions={(recording) =>
            recording.status === "recording" ? null : (
              <ConfirmDeleteButton
                label={`Delete ${recording.title}`}
                text="Delete"
                question={`Delete the recording "${recording.title}" and its video file? This cannot be undone.`}
                confirmHref={recordingLibraryHref(RECORDINGS_PATH, { q, confirmDelete: recording.id })}
                fields={{ recordingId: String(recording.id) }}
              />
            )
          }
        />
      </div>
      {deleting ? (
        <ConfirmDeleteDialog
          title="Delete this recording?"
          subject={deleting.title}
          explanation="The recording and its video file are deleted for good: members can no longer play or download it, and its storage is freed at once."
          closeTo={closeTo}
          fields={{ recordingId: String(deleting.id) }}
          buttonLabel="Delete Recording"
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo={RECORDINGS_PATH} backLabel="Back to Recordings" />;
}
