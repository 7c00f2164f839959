import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { z } from "zod";
import type { Visitor } from "./helpers";

// What the conferences API answers, and the few steps the conference and
// recording stories share.

export const ConferenceJsonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  scheduledAt: z.string(),
  duration: z.number().int(),
  maxParticipants: z.number().int(),
  isRecorded: z.boolean(),
  isLive: z.boolean(),
  isRecording: z.boolean(),
  isPremium: z.boolean(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  status: z.enum(["Live", "Ended", "Missed", "Scheduled"]),
});
export type ConferenceJson = z.infer<typeof ConferenceJsonSchema>;

export const RecordingJsonSchema = z.object({
  id: z.number().int(),
  conferenceId: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  duration: z.number().int(),
  recordingUrl: z.string().nullable(),
  fileUrl: z.string().nullable(),
  size: z.number().int(),
  mimeType: z.string(),
  isPremium: z.boolean(),
  status: z.enum(["recording", "ready", "failed"]),
});
export type RecordingJson = z.infer<typeof RecordingJsonSchema>;

export const MessageSchema = z.object({ message: z.string(), errors: z.record(z.array(z.string()).optional()).optional() });

/** An ISO date-time `hours` from now. */
/** The `{ message }` of a refusal with this status. */
export async function refusal(response: Response, status: number): Promise<string> {
  return (await answer(response, status, MessageSchema)).message;
}

/** A plain form post, as a browser without JavaScript sends it. */
export function postForm(who: Visitor, path: string, fields: Record<string, string>): Promise<Response> {
  return who.request(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
}

export function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString();
}

/** The body of an answer, checked against the schema, after checking its status. */
export async function answer<T>(response: Response, status: number, schema: z.ZodType<T>): Promise<T> {
  const text = await response.text();
  expect(response.status, `${response.url} → ${text}`).toBe(status);
  return schema.parse(JSON.parse(text));
}

export async function schedule(admin: Visitor, fields: Record<string, unknown> = {}): Promise<ConferenceJson> {
  const response = await admin.request("/api/conferences", {
    method: "POST",
    json: { title: "A session", description: "About the stars", scheduledAt: hoursFromNow(24), ...fields },
  });
  return answer(response, 201, ConferenceJsonSchema);
}

export async function transition(admin: Visitor, id: number, step: "start" | "end" | "start-recording"): Promise<ConferenceJson> {
  return answer(await admin.request(`/api/conferences/${id}/${step}`, { method: "POST" }), 200, ConferenceJsonSchema);
}

/** Ends whatever conference is live, so each story starts with none. */
export async function endAnyLive(admin: Visitor): Promise<void> {
  const all = await answer(await admin.request("/api/conferences"), 200, z.array(ConferenceJsonSchema));
  for (const conference of all.filter((c) => c.isLive)) await transition(admin, conference.id, "end");
}

/** About 3 s of Chromium's MediaRecorder WebM (tests/fixtures/make-recording-fixture.ts). */
export const RECORDING_FIXTURE = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/recording.webm"));

/** Uploads chunk `seq` of the running recording, as the host's browser does. */
export function sendChunk(admin: Visitor, conferenceId: number, seq: number | string, bytes: Buffer, contentType = "video/webm"): Promise<Response> {
  return admin.request(`/api/conferences/${conferenceId}/recording/chunks?seq=${seq}`, {
    method: "POST",
    headers: { "Content-Type": contentType },
    body: new Uint8Array(bytes),
  });
}

/** The spec's file name for a recording of this conference, made now. */
export function recordingName(conferenceId: number, at = Date.now()): string {
  return `conference-${conferenceId}-${at}.webm`;
}
