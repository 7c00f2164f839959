import type { User } from "#db/schema";
import { listRecordings, recordingForApi, type RecordingJson } from "~/models/conference.server";
import { RecordingSearchSchema } from "~/schemas/conference";
import { parseRouteId } from "~/utils/misc";

// What both recordings pages (the admin's and the members') show: the
// search, the recordings the viewer may watch, and the one playing inline.

export interface RecordingLibrary {
  q: string;
  recordings: RecordingJson[];
  /** The recording whose player is open (`?play=ID`): only one listed here, and only with a file. */
  playingId: number | null;
}

export function loadRecordingLibrary(viewer: Pick<User, "id" | "role">, searchParams: URLSearchParams): RecordingLibrary {
  const q = RecordingSearchSchema.parse(searchParams.get("q") ?? "");
  const recordings = listRecordings({ viewer, q }).map(recordingForApi);
  const requested = parseRouteId(searchParams.get("play"));
  const playing = recordings.find((recording) => recording.id === requested && recording.fileUrl !== null);
  return { q, recordings, playingId: playing?.id ?? null };
}
