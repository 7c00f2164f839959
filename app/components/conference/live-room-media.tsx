import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { ChatMessageJson, MediaBackend } from "~/schemas/live-room";
import type { QuestionUpdate } from "~/schemas/live-questions";

// The media room needs WebRTC, so it runs only in the browser, and its code
// is loaded only when a member actually enters a live room.
const LiveMediaRoom = lazy(() => import("./live-media-room").then((module) => ({ default: module.LiveMediaRoom })));

export function LiveRoomMedia(props: {
  backend: MediaBackend;
  conferenceId: number;
  isHost: boolean;
  initiallyRecording: boolean;
  onChat?: (messages: ChatMessageJson[]) => void;
  onQuestion?: (update: QuestionUpdate | null) => void;
}) {
  const connecting = (
    <p className="m-auto max-w-md p-6 text-center opacity-80" data-testid="live-room-connecting">
      Connecting to the live room...
    </p>
  );
  return (
    <ClientOnly fallback={connecting}>
      {() => (
        <Suspense fallback={connecting}>
          <LiveMediaRoom {...props} />
        </Suspense>
      )}
    </ClientOnly>
  );
}
