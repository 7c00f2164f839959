import { setTimeout as delay } from "node:timers/promises";
import { onLiveEvent } from "~/models/live/live-events.server";
import { closeLiveKitRoom, liveKitRoomName } from "~/models/live/livekit.server";
import { logger } from "~/utils/logger.server";

// With MEDIA_BACKEND=livekit, ending a session (admin page or API) deletes its
// LiveKit room, which disconnects every participant; their browsers then leave
// the room page as they do with the embedded SFU.

/**
 * Waits before each retry: while the room stands, its members stay connected
 * to a session that has ended, so a media server that was briefly away is
 * asked again.
 */
const RETRY_DELAYS_MS = [2_000, 10_000, 60_000];

async function closeWithRetries(conferenceId: number): Promise<void> {
  const room = liveKitRoomName(conferenceId);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const closed = await closeLiveKitRoom(conferenceId);
      logger.info({ room }, closed ? "Closed the LiveKit room of an ended session" : "The ended session had no LiveKit room to close");
      return;
    } catch (error) {
      const wait = RETRY_DELAYS_MS[attempt];
      if (wait === undefined) {
        logger.error({ err: error, room }, "Could not close the LiveKit room of an ended session; its members stay connected until they leave");
        return;
      }
      logger.warn({ err: error, room, retryInMs: wait }, "Could not close the LiveKit room of an ended session yet; trying again");
      // Unref'd: a stopping server does not wait for a retry.
      await delay(wait, undefined, { ref: false });
    }
  }
}

/** Returns the function that stops listening. */
export function closeLiveKitRoomsWhenSessionsEnd(): () => void {
  return onLiveEvent((event) => {
    if (event.type === "ended") void closeWithRetries(event.conferenceId);
  });
}
