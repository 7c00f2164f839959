import { z } from "zod";

// A live session's chat message (issue 13): one schema for the JSON API, the
// room page's plain form and the chat panel's instant check in the browser.

export const CHAT_MESSAGE_MAX = 500;

export const CHAT_TEXTS = {
  heading: "Live Chat",
  empty: "No messages yet. Start the conversation!",
  placeholder: "Type a message...",
  blank: "Write a message first",
  tooLong: `Keep messages under ${CHAT_MESSAGE_MAX} characters`,
} as const;

// Line breaks and tabs become spaces (the input is one line); every other
// control character, and the invisible bidirectional overrides that can make
// a message read backwards, are dropped.
const SPACING = /[\t\n\v\f\r\u2028\u2029]+/g;
const CONTROLS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** Chat text as it is stored: plain text on one line, without control characters, trimmed. */
export function cleanChatText(text: string): string {
  return text.replace(SPACING, " ").replace(CONTROLS, "").trim();
}

const chatText = () => z.string({ required_error: CHAT_TEXTS.blank, invalid_type_error: CHAT_TEXTS.blank });

export const ChatMessageSchema = z.object({
  // conform turns an empty string into "missing" on both sides of the pipe: both say so in the same words.
  message: chatText().transform(cleanChatText).pipe(chatText().min(1, CHAT_TEXTS.blank).max(CHAT_MESSAGE_MAX, CHAT_TEXTS.tooLong)),
});
export type ChatMessageInput = z.output<typeof ChatMessageSchema>;

/** A stored message as the API and the room's WebSocket send it. */
export const LiveChatMessageSchema = z.object({
  id: z.number().int(),
  conferenceId: z.number().int(),
  userId: z.number().int().nullable(),
  authorName: z.string(),
  isHost: z.boolean(),
  message: z.string(),
  createdAt: z.string(),
});
export type LiveChatMessage = z.infer<typeof LiveChatMessageSchema>;
