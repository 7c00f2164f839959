import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { db, single } from "#db/client.server";
import { users } from "#db/schema";
import { ChatError, listMessages, postMessage } from "~/models/live/conference-chat.server";
import { createConference, endConference, startConference } from "~/models/live/conference.server";
import { onLiveEvent, type LiveEvent } from "~/models/live/live-events.server";
import { createStudent } from "~/models/accounts/user.server";
import { ChatMessageSchema, cleanChatText } from "~/schemas/live-chat";

describe("chat text", () => {
  it("is one line of plain text: breaks become spaces, control and direction characters go, ends are trimmed", () => {
    expect(cleanChatText("  hello\r\nthere\tfriend  ")).toBe("hello there friend");
    expect(cleanChatText("bell\u0007 null\u0000 escape\u001b[0m del\u007f c1\u0085")).toBe("bell null escape[0m del c1");
    expect(cleanChatText("\u202Egnirts desrever\u202C \u2066isolated\u2069 \u200Fmark")).toBe("gnirts desrever isolated mark");
    expect(cleanChatText("<b>bold</b> & émoji 🌙")).toBe("<b>bold</b> & émoji 🌙");
  });

  it("says the same thing in the form and the API: blank, then too long", () => {
    for (const message of ["", "   ", "\u0000\u200f"]) {
      const form = new FormData();
      form.set("message", message);
      const submission = parseWithZod(form, { schema: ChatMessageSchema });
      expect(submission.status === "error" ? submission.error?.message : null, JSON.stringify(message)).toEqual(["Write a message first"]);
      expect(ChatMessageSchema.safeParse({ message }).error?.issues[0]?.message).toBe("Write a message first");
    }
    expect(ChatMessageSchema.safeParse({}).error?.issues[0]?.message).toBe("Write a message first");
    expect(ChatMessageSchema.safeParse({ message: "a".repeat(501) }).error?.issues[0]?.message).toBe("Keep messages under 500 characters");
    expect(ChatMessageSchema.parse({ message: ` ${"a".repeat(500)} ` }).message).toHaveLength(500);
  });
});

describe("posting", () => {
  it("stores the message, hands it to the room's WebSocket, and lists it for late joiners", async () => {
    const host = await single(db.insert(users).values({ username: "chat-host", passwordHash: "x", role: "admin", firstName: "Ada" }).returning());
    const student = await createStudent({ username: "chat-student", password: "a perfectly fine passphrase" });
    const conference = await createConference(
      {
        title: "Chat circle",
        description: "Talking",
        scheduledAt: new Date(),
        duration: 30,
        maxParticipants: 10,
        isRecorded: false,
        isPremiumOnly: false,
      },
      host.id,
    );
    await expect(postMessage(student, conference.id, "too early")).rejects.toMatchObject({ status: 409 });
    await startConference(conference.id);

    const events: LiveEvent[] = [];
    const stop = onLiveEvent((event) => events.push(event));
    try {
      const first = await postMessage(host, conference.id, "Welcome\u0000 all");
      const second = await postMessage(student, conference.id, "Thanks!");
      expect(first).toMatchObject({ conferenceId: conference.id, userId: host.id, authorName: "Ada", isHost: true, message: "Welcome all" });
      expect(second).toMatchObject({ authorName: "chat-student", isHost: false });
      expect(events).toEqual([
        { type: "chat", conferenceId: conference.id, message: first },
        { type: "chat", conferenceId: conference.id, message: second },
      ]);

      expect(await listMessages(student, conference.id)).toEqual([first, second]);
      expect(await listMessages(student, conference.id, { after: first.id })).toEqual([second]);
      expect(await listMessages(student, conference.id, { limit: 1 })).toEqual([second]);

      const refused = postMessage(student, conference.id, "   ");
      await expect(refused).rejects.toBeInstanceOf(ChatError);
      await expect(refused).rejects.toMatchObject({ status: 400, message: "Write a message first" });
      expect(events).toHaveLength(2);

      await endConference(conference.id);
      await expect(postMessage(student, conference.id, "after")).rejects.toMatchObject({ status: 409, message: "The session has ended; the chat is closed." });
      expect(await listMessages(host, conference.id)).toEqual([first, second]);
    } finally {
      stop();
    }
  });
});
