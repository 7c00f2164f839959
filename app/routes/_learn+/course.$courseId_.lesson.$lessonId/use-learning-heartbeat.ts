import { useEffect } from "react";
import { HEARTBEAT_INTERVAL_SECONDS, HEARTBEAT_MAX_SECONDS } from "~/schemas/learning-time";

// Counts the seconds a member is actually studying a lesson: the page is visible
// (Page Visibility API) and they used it (pointer, keys, scroll, touch) within the
// last two minutes. The count goes to POST /api/learning-time every interval and
// when the page is hidden or left; the server caps what it credits.

const IDLE_AFTER_MS = 2 * 60 * 1000;
const ENDPOINT = "/api/learning-time";
const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "scroll", "wheel", "touchstart"] as const;

function send(lessonId: number, seconds: number, leaving: boolean) {
  const body = JSON.stringify({ lessonId, seconds });
  // A page being hidden or left may not finish a fetch; a beacon is queued by the browser.
  if (leaving && navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: "application/json" }))) return;
  // keepalive only when leaving: it lets the request outlive the page, which a regular beat does not need.
  void fetch(ENDPOINT, { method: "POST", credentials: "same-origin", keepalive: leaving, headers: { "Content-Type": "application/json" }, body }).catch(
    () => undefined,
  );
}

/** `intervalSeconds` may be shortened (the page's ?heartbeat= for tests); the server's cap keeps any interval honest. */
export function useLearningHeartbeat(lessonId: number, intervalSeconds = HEARTBEAT_INTERVAL_SECONDS) {
  useEffect(() => {
    let activeSeconds = 0;
    // Opening the lesson is itself an interaction.
    let lastActivity = Date.now();
    const markActive = () => {
      lastActivity = Date.now();
    };
    const flush = (leaving = false) => {
      const seconds = Math.min(activeSeconds, HEARTBEAT_MAX_SECONDS);
      activeSeconds = 0;
      if (seconds >= 1) send(lessonId, seconds, leaving);
    };
    const tick = window.setInterval(() => {
      if (document.visibilityState === "visible" && Date.now() - lastActivity < IDLE_AFTER_MS) activeSeconds += 1;
    }, 1000);
    const beat = window.setInterval(() => flush(), intervalSeconds * 1000);
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush(true);
      else markActive();
    };
    const onLeave = () => flush(true);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActive, { passive: true });
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onLeave);
    return () => {
      window.clearInterval(tick);
      window.clearInterval(beat);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onLeave);
      // Moving to another lesson within the app: send what was counted here.
      flush(true);
    };
  }, [lessonId, intervalSeconds]);
}
