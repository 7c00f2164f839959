import { and, count, eq, ne } from "drizzle-orm";
import { first, withTransaction } from "#db/client.server";
import { courseInstructors, users, type User } from "#db/schema";
import { publishMemberAccessChange } from "~/models/live/live-events.server";
import { MEMBER_NOT_FOUND } from "~/models/accounts/members.server";
import type { RoleChange } from "~/schemas/member-role";
import { logEvent } from "~/utils/logger.server";

// Roles (issue 29): an admin makes a member a student, an instructor or an
// admin. The academy always keeps one admin; a member who stops being an
// instructor is taken off the courses they taught.

export const LAST_ADMIN = "The academy needs at least one administrator: make someone else an admin first.";

export class RoleChangeError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

export interface MemberRole {
  id: number;
  username: string;
  role: User["role"];
  canCreateCourses: boolean;
}

export async function setMemberRole(actor: Pick<User, "id" | "username">, memberId: number, change: RoleChange): Promise<MemberRole> {
  const changed = await withTransaction(async (tx) => {
    const member = await first(tx.select().from(users).where(eq(users.id, memberId)).limit(1));
    if (!member) throw new RoleChangeError(404, MEMBER_NOT_FOUND);
    if (member.role === "admin" && change.role !== "admin") {
      const otherAdmins = (await first(tx.select({ n: count() }).from(users).where(and(eq(users.role, "admin"), ne(users.id, memberId))).limit(1)))?.n ?? 0;
      if (otherAdmins === 0) throw new RoleChangeError(400, LAST_ADMIN);
    }
    const canCreateCourses = change.role === "instructor" ? (change.canCreateCourses ?? member.canCreateCourses) : false;
    await tx.update(users).set({ role: change.role, canCreateCourses }).where(eq(users.id, memberId));
    if (change.role !== "instructor") await tx.delete(courseInstructors).where(eq(courseInstructors.userId, memberId));
    if (member.role !== change.role) logEvent("member_role_changed", { by: actor.username, memberId, from: member.role, to: change.role });
    return { id: member.id, username: member.username, role: change.role, canCreateCourses };
  });
  // A former admin is no longer Premium by role: a Premium-only live room may have to let them go.
  publishMemberAccessChange(memberId, "membership-changed");
  return changed;
}
