import type { User } from "#db/schema";
import { captionsOfRecording, recordingCaptionLanguages, type CaptionJson } from "~/models/learning/captions.server";
import { listQuestions } from "~/models/live/conference-questions.server";
import { listRecordings, recordingForApi, type RecordingJson } from "~/models/live/conference.server";
import { RecordingSearchSchema } from "~/schemas/conference";
import type { LiveQuestion } from "~/schemas/live-questions";
import { parseRouteId } from "~/utils/misc";

// What both recordings pages (the admin's and the members') show: the
// search, the recordings the viewer may watch, and the one playing inline.

export interface RecordingLibrary {
  q: string;
  recordings: RecordingJson[];
  /** The recording whose player is open (`?play=ID`): only one listed here, and only with a file. */
  playingId: number | null;
  /** The questions members asked the playing recording's session, shown beside the player. */
  playingQuestions: LiveQuestion[];
  /** The playing recording's captions (issue 38), and the second `?t=` starts it at. */
  playingCaptions: CaptionJson[];
  startAt: number | null;
  /** The languages each listed recording has captions in. */
  captionLanguages: Record<number, string[]>;
}

export async function loadRecordingLibrary(viewer: Pick<User, "id" | "role" | "username" | "firstName" | "name">, searchParams: URLSearchParams): Promise<RecordingLibrary> {
  const q = RecordingSearchSchema.parse(searchParams.get("q") ?? "");
  const recordings = (await listRecordings({ viewer, q })).map(recordingForApi);
  const requested = parseRouteId(searchParams.get("play"));
  const playing = recordings.find((recording) => recording.id === requested && recording.fileUrl !== null);
  // The session may be gone (deleted conferences keep their recordings): then there is nothing to show.
  const playingQuestions = playing?.conferenceId ? await listQuestionsIfAny(viewer, playing.conferenceId) : [];
  const playingCaptions = playing ? await captionsOfRecording(viewer, playing.id) : [];
  const t = Number(searchParams.get("t"));
  const startAt = playing && Number.isInteger(t) && t >= 0 && t <= 24 * 60 * 60 ? t : null;
  const languages = await recordingCaptionLanguages();
  const captionLanguages = Object.fromEntries(recordings.map((recording) => [recording.id, languages.get(recording.id) ?? []]));
  return { q, recordings, playingId: playing?.id ?? null, playingQuestions, playingCaptions, startAt, captionLanguages };
}

async function listQuestionsIfAny(viewer: Pick<User, "id" | "role" | "username" | "firstName" | "name">, conferenceId: number): Promise<LiveQuestion[]> {
  try {
    return await listQuestions(viewer, conferenceId);
  } catch {
    return [];
  }
}
