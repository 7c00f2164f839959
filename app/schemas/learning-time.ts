import { z } from "zod";

// A lesson page's heartbeat (POST /api/learning-time): the seconds the member
// was active on the lesson since the last one. The server credits at most the
// wall time since its last credited heartbeat (app/models/learning/learning-time.server.ts).

/** The largest claim one heartbeat may make; the page sends every 30 s. */
export const HEARTBEAT_MAX_SECONDS = 60;
export const HEARTBEAT_INTERVAL_SECONDS = 30;

export const LearningTimeHeartbeatSchema = z.object({
  lessonId: z.number({ required_error: "lessonId is required", invalid_type_error: "lessonId must be a number" }).int().positive(),
  seconds: z
    .number({ required_error: "seconds is required", invalid_type_error: "seconds must be a number" })
    .int("seconds must be a whole number")
    .min(1, "seconds must be at least 1")
    .max(HEARTBEAT_MAX_SECONDS, `A heartbeat reports at most ${HEARTBEAT_MAX_SECONDS} seconds`),
});
export type LearningTimeHeartbeat = z.infer<typeof LearningTimeHeartbeatSchema>;

/** "45 s", "12 min", "2 h 5 min": seconds are shown below a minute so a first visit is visible. */
export function formatLearningTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole === 0) return "0 min";
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
