import { z } from "zod";

// Raised hands and invited speakers in a live session (issue 28): the API's
// bodies and the room's `stage` message.

export const StageSchema = z.object({
  /** In the order the hands went up. */
  hands: z.array(z.object({ userId: z.number().int(), name: z.string(), raisedAt: z.string() })),
  /** Members the host invited to speak (the host is always on stage and not listed). */
  speakers: z.array(z.object({ userId: z.number().int(), name: z.string() })),
});
export type Stage = z.infer<typeof StageSchema>;

export const HandSchema = z.object({ raised: z.boolean({ required_error: "raised must be true or false", invalid_type_error: "raised must be true or false" }) });

export const SpeakerSchema = z.object({
  userId: z.number({ required_error: "userId is required", invalid_type_error: "userId must be a member's id" }).int().positive(),
  allow: z.boolean({ required_error: "allow must be true or false", invalid_type_error: "allow must be true or false" }),
});

export const STAGE_TEXTS = {
  raise: "Raise hand",
  lower: "Lower hand",
  invite: "Invite to speak",
  end: "End turn",
  hands: "Raised hands",
  speakers: "Speakers",
  invited: "You're invited to speak",
  invitedDescription: "Turn on your camera or microphone when you're ready.",
  ended: "Your turn to speak has ended",
  listenOnly: "Raise your hand; the host invites members to speak.",
} as const;
