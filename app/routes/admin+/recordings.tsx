import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { ArrowLeft } from "~/components/ui/icons";
import { PageErrorBoundary } from "~/components/error-boundary";
import { ConfirmDeleteButton, ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { AdminConferenceTabs } from "~/components/conference/admin-conference-tabs";
import { RecordingStorage } from "~/components/conference/recording-storage";
import { recordingLibraryHref, RecordingsList } from "~/components/conference/recordings-list";
import { CONFERENCE_MESSAGES, ConferenceError, deleteRecording } from "~/models/live/conference.server";
import { captionGeneration, captionsOfRecording } from "~/models/learning/captions.server";
import { CaptionManager } from "~/components/media/caption-manager";
import { CaptionTargetIdSchema, handleCaptionForm, isCaptionIntent } from "~/services/caption-forms.server";
import { buttonClasses } from "~/components/ui/button";
import { Captions, X } from "~/components/ui/icons";
import { recordingStorage } from "~/models/live/recording-files.server";
import { loadRecordingLibrary } from "~/models/live/recording-library.server";
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
  const searchParams = new URL(request.url).searchParams;
  const library = await loadRecordingLibrary(admin, searchParams);
  // ?captions=ID opens that recording's captions panel; ?filter=uncaptioned lists only recordings without captions (issue 38).
  const captionsFor = library.recordings.find((recording) => recording.id === parseRouteId(searchParams.get("captions")));
  const uncaptionedOnly = searchParams.get("filter") === "uncaptioned";
  const uncaptioned = library.recordings.filter((recording) => (library.captionLanguages[recording.id] ?? []).length === 0).length;
  return json({
    ...library,
    recordings: uncaptionedOnly ? library.recordings.filter((recording) => (library.captionLanguages[recording.id] ?? []).length === 0) : library.recordings,
    uncaptionedOnly,
    uncaptioned,
    captionPanel: captionsFor ? { id: captionsFor.id, title: captionsFor.title, captions: await captionsOfRecording(admin, captionsFor.id) } : null,
    generation: captionGeneration(),
    storage: await recordingStorage(),
    timeZone: viewerTimeZone(request),
  });
}

// Delete (issue 30): with JavaScript the card's button posts after the
// browser's confirm(); without, it opens ?delete={id}, whose form posts here.
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const back = recordingLibraryHref(RECORDINGS_PATH, { q: RecordingSearchSchema.parse(new URL(request.url).searchParams.get("q") ?? "") });
  if (isCaptionIntent(form.get("intent"))) {
    const recordingId = CaptionTargetIdSchema.safeParse(form.get("recordingId"));
    if (!recordingId.success) throw json({ message: CONFERENCE_MESSAGES.recordingNotFound }, { status: 404 });
    return await handleCaptionForm(form, admin, { kind: "recording", id: recordingId.data }, `${RECORDINGS_PATH}?captions=${recordingId.data}#captions-panel`);
  }
  if (form.get("intent") !== "delete") throw json({ message: "Unknown recordings action" }, { status: 400 });
  try {
    const id = parseRouteId(form.get("recordingId"));
    if (id === null) throw new ConferenceError(404, CONFERENCE_MESSAGES.recordingNotFound);
    await deleteRecording(id);
  } catch (error) {
    if (!(error instanceof ConferenceError)) throw error;
    return await redirectWithToast(back, { type: "error", title: "Could not delete the recording", description: error.message });
  }
  return await redirectWithToast(back, { type: "success", title: "Recording deleted" });
}

export default function AdminRecordings() {
  const { q, recordings, playingId, playingQuestions, playingCaptions, startAt, captionLanguages, storage, timeZone, captionPanel, generation, uncaptionedOnly, uncaptioned } =
    useLoaderData<typeof loader>();
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
      {captionPanel ? (
        <section id="captions-panel" aria-labelledby="captions-panel-title" className="card mt-8 scroll-mt-24 space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="captions-panel-title" className="flex items-center gap-2 font-display text-xl">
              <Captions className="h-5 w-5 text-accent" aria-hidden /> Captions: {captionPanel.title}
            </h2>
            <AppLink to={closeTo} className={buttonClasses("ghost", undefined, "sm")}>
              <X className="h-4 w-4" aria-hidden /> Close
            </AppLink>
          </div>
          <CaptionManager
            idPrefix={`recording-${captionPanel.id}`}
            action={RECORDINGS_PATH}
            fields={{ recordingId: String(captionPanel.id) }}
            captions={captionPanel.captions}
            generation={generation}
          />
        </section>
      ) : null}
      <nav aria-label="Filter recordings" className="mt-8 flex flex-wrap items-center gap-2 text-sm">
        <AppLink to={recordingLibraryHref(RECORDINGS_PATH, { q })} className={buttonClasses(uncaptionedOnly ? "ghost" : "outline", undefined, "sm")} aria-current={uncaptionedOnly ? undefined : "page"}>
          All recordings
        </AppLink>
        <AppLink
          to={recordingLibraryHref(RECORDINGS_PATH, { q, extra: { filter: "uncaptioned" } })}
          className={buttonClasses(uncaptionedOnly ? "outline" : "ghost", undefined, "sm")}
          aria-current={uncaptionedOnly ? "page" : undefined}
        >
          <Captions className="h-4 w-4" aria-hidden /> Without captions ({uncaptioned})
        </AppLink>
      </nav>
      <div className="mt-6">
        <RecordingsList
          basePath={RECORDINGS_PATH}
          q={q}
          recordings={recordings}
          playingId={playingId}
          playingQuestions={playingQuestions}
          playingCaptions={playingCaptions}
          startAt={startAt}
          captionLanguages={captionLanguages}
          linkParams={uncaptionedOnly ? { filter: "uncaptioned" } : undefined}
          timeZone={timeZone}
          emptyHint={uncaptionedOnly ? "Every recording has captions." : "Start recording your live sessions to see them appear here."}
          cardActions={(recording) =>
            recording.status === "recording" ? null : (
              <>
              <AppLink
                to={recordingLibraryHref(RECORDINGS_PATH, { q, extra: { captions: String(recording.id) } }) + "#captions-panel"}
                className={buttonClasses("outline", "flex-1", "sm")}
                aria-label={`Captions of ${recording.title}`}
              >
                <Captions className="h-4 w-4" aria-hidden /> Captions
              </AppLink>
              <ConfirmDeleteButton
                label={`Delete ${recording.title}`}
                text="Delete"
                question={`Delete the recording "${recording.title}" and its video file? This cannot be undone.`}
                confirmHref={recordingLibraryHref(RECORDINGS_PATH, { q, confirmDelete: recording.id })}
                fields={{ recordingId: String(recording.id) }}
              />
              </>
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
