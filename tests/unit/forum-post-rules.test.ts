import { describe, expect, it } from "vitest";
import { editRefusal, LOCKED_NOT_EDITABLE, ONLY_AUTHOR_EDITS, DELETED_NOT_EDITABLE, postPermissions } from "~/models/community/forum.server";
import { ReplyEditSchema, TOPIC_MISSING, REPLY_MISSING, TopicEditSchema } from "~/schemas/forum";

const author = { id: 7, role: "student" as const };
const stranger = { id: 8, role: "student" as const };
const admin = { id: 1, role: "admin" as const };
const post = { authorId: 7, isLocked: false, deletedAt: null };

describe("who may change a forum post", () => {
  it("lets only the author edit, and the author or an admin delete", () => {
    expect(postPermissions(author, post)).toEqual({ isOwn: true, canEdit: true, canDelete: true });
    expect(postPermissions(stranger, post)).toEqual({ isOwn: false, canEdit: false, canDelete: false });
    expect(postPermissions(admin, post)).toEqual({ isOwn: false, canEdit: false, canDelete: true });
  });

  it("freezes edits in a locked topic but still lets the author delete", () => {
    const locked = { ...post, isLocked: true };
    expect(postPermissions(author, locked)).toMatchObject({ canEdit: false, canDelete: true });
    expect(editRefusal(author, locked)).toMatchObject({ status: 409, message: LOCKED_NOT_EDITABLE });
  });

  it("treats a 'deleted by author' stub as final for its author; an admin may still remove it", () => {
    const stub = { ...post, isLocked: true, deletedAt: new Date() };
    expect(postPermissions(author, stub)).toMatchObject({ canEdit: false, canDelete: false });
    expect(postPermissions(admin, stub)).toMatchObject({ canDelete: true });
    expect(editRefusal(author, stub)).toMatchObject({ status: 409, message: DELETED_NOT_EDITABLE });
  });

  it("refuses someone else's edit with 403, admins included", () => {
    expect(editRefusal(stranger, post)).toMatchObject({ status: 403, message: ONLY_AUTHOR_EDITS });
    expect(editRefusal(admin, post)).toMatchObject({ status: 403, message: ONLY_AUTHOR_EDITS });
    expect(editRefusal(author, post)).toBeNull();
  });
});

describe("edits are checked like new posts", () => {
  it("needs a title and content for a topic, trimmed", () => {
    expect(TopicEditSchema.safeParse({ title: "  New moon  ", content: " notes " }).data).toEqual({ title: "New moon", content: "notes" });
    const blank = TopicEditSchema.safeParse({ title: "   ", content: "" });
    expect(blank.success ? [] : blank.error.issues.map((issue) => issue.message)).toEqual([TOPIC_MISSING, TOPIC_MISSING]);
    expect(TopicEditSchema.safeParse({ title: "x".repeat(201), content: "ok" }).success).toBe(false);
  });

  it("needs reply content", () => {
    const blank = ReplyEditSchema.safeParse({ content: "  " });
    expect(blank.success ? null : blank.error.issues[0]?.message).toBe(REPLY_MISSING);
    expect(ReplyEditSchema.safeParse({ content: "x".repeat(10_001) }).success).toBe(false);
  });
});
