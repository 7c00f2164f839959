import crypto from "node:crypto";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { db, first, type Tx } from "#db/client.server";
import { certificates, certificateSignatories, users, type User } from "#db/schema";
import { listCourseInstructors } from "~/models/learning/course-staff.server";

const signatoriesOf = db
  .select({ name: certificateSignatories.instructorName })
  .from(certificateSignatories)
  .where(eq(certificateSignatories.certificateId, sql.placeholder("certificateId")))
  .orderBy(asc(certificateSignatories.position))
  .prepare();

/** The instructor names a certificate was issued with ("Former instructor" for an account since deleted). */
export async function certificateInstructors(certificate: Pick<Certificate, "id">): Promise<string[]> {
  return (await signatoriesOf.all({ certificateId: certificate.id })).map((row) => row.name);
}

export type Certificate = typeof certificates.$inferSelect;

// No 0/O or 1/I, so a number read aloud or typed by hand is unambiguous.
const NUMBER_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function generateCertificateNumber(issuedAt = new Date()): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += NUMBER_ALPHABET[crypto.randomInt(NUMBER_ALPHABET.length)];
  return `ACD-${issuedAt.getUTCFullYear()}-${suffix}`;
}

/** The name a member's certificates carry: their certificate name, else their display name, else their username (issue 47). */
export function certificateNameOf(user: Pick<User, "certificateName" | "name" | "username">): string {
  return user.certificateName?.trim() || user.name?.trim() || user.username;
}

/** Read in the issuing transaction, so whoever calls completeLesson need not carry the name. */
export async function recipientNameFor(tx: Tx, userId: number): Promise<string> {
  const user = await first(tx
    .select({ certificateName: users.certificateName, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1));
  if (!user) throw new Error(`No member ${userId}`);
  return certificateNameOf(user);
}

/**
 * Puts the member's current certificate name on every certificate of theirs that carries another
 * one (issue 47): the number stays. `markReissued` is false for the first name a member chooses
 * (the one-time question after their first certificate): that completes issuing rather than
 * changing a certificate they already accepted.
 */
export async function renameCertificates(tx: Tx, userId: number, recipientName: string, markReissued: boolean): Promise<number> {
  const renamed = await tx
    .update(certificates)
    .set({ recipientName, ...(markReissued ? { reissuedAt: new Date() } : {}) })
    .where(and(eq(certificates.userId, userId), ne(certificates.recipientName, recipientName)))
    .returning({ id: certificates.id });
  return renamed.length;
}

/** Issues the certificate for a finished course once; returns it, or null if one existed. */
export async function issueCertificate(
  tx: Tx,
  input: { userId: number; courseId: number; recipientName: string; courseTitle: string; averageScore: number | null },
): Promise<Certificate | null> {
  const existing = await first(tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, input.userId), eq(certificates.courseId, input.courseId))).limit(1));
  if (existing) return null;
  const issuedAt = new Date();
  // A clash among 32^6 numbers per year is rare; retry rather than fail.
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await first(tx
      .insert(certificates)
      .values({ ...input, issuedAt, certificateNumber: generateCertificateNumber(issuedAt) })
      .onConflictDoNothing()
      .returning());
    if (!inserted) continue;
    // Names kept as they were, like the title: a later change of staff does not rewrite the
    // certificate; ids kept so deleting one of their accounts finds it (issue 39).
    for (const [position, instructor] of (await listCourseInstructors(input.courseId)).entries()) {
      await tx.insert(certificateSignatories).values({ certificateId: inserted.id, position, instructorId: instructor.id, instructorName: instructor.name });
    }
    return inserted;
  }
  throw new Error("Could not allocate a certificate number");
}

const certificatesOf = db
  .select()
  .from(certificates)
  .where(eq(certificates.userId, sql.placeholder("userId")))
  .orderBy(desc(certificates.issuedAt))
  .prepare();

export async function listCertificatesForUser(userId: number): Promise<Certificate[]> {
  return await certificatesOf.all({ userId });
}

export async function getCertificateForOwner(id: number, userId: number): Promise<Certificate | undefined> {
  return await first(db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), eq(certificates.userId, userId))).limit(1));
}

/** The member's certificate for a course, if they earned one (its number is the link to it). */
export async function getCertificateNumberForCourse(userId: number, courseId: number): Promise<string | null> {
  const row = await first(db
    .select({ number: certificates.certificateNumber })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
    .limit(1));
  return row?.number ?? null;
}

export async function getCertificateByNumber(certificateNumber: string): Promise<Certificate | undefined> {
  return await first(db.select().from(certificates).where(eq(certificates.certificateNumber, certificateNumber.toUpperCase())).limit(1));
}

/** The spec's certificate shape for the JSON API. */
export async function toApiCertificate(certificate: Certificate) {
  return {
    id: certificate.id,
    courseId: certificate.courseId,
    courseTitle: certificate.courseTitle,
    instructors: await certificateInstructors(certificate),
    certificateNumber: certificate.certificateNumber,
    issuedAt: certificate.issuedAt.toISOString(),
    isVerified: certificate.isVerified,
    // Courses with quizzes: the member's average best score (issue 24).
    assessed: certificate.averageScore !== null,
    averageScore: certificate.averageScore,
  };
}
