import { beforeAll, describe, expect, it } from "vitest";
import { newStudent, passQuiz, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";
import { pdfText } from "./pdf-text";

// Issue 47: a certificate carries the member's full name. Sign-up and settings have a "Name on
// certificates"; a member who never chose one is asked once on their certificate page; a later
// change updates the certificate (same number, "Reissued on"); the PDF says what the page says.

const academy = useAcademy({ LOGIN_MAX_FAILURES: "1000", SIGNUPS_PER_HOUR: "1000" });
const QUESTION = "Is this the name you want on your certificate?";

let admin: Visitor;

beforeAll(async () => {
  admin = new Visitor(academy.baseUrl);
  expect((await admin.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
});

interface IssuedCertificate {
  id: number;
  certificateNumber: string;
}

async function idOf(visitor: Visitor): Promise<number> {
  return ((await (await visitor.request("/api/auth-status")).json()) as { user: { id: number } }).user.id;
}

/** A published course of one lesson, taught by `instructorIds`, with a quiz when asked. */
async function courseOfOneLesson(options: { instructorIds?: number[]; quiz?: boolean } = {}): Promise<{ courseId: number; lessonId: number }> {
  const title = uniqueName("Reading the Tides");
  const created = await admin.request("/api/courses", {
    method: "POST",
    json: { title, description: `${title}, taught with care.`, level: "Beginner", rating: "4.5", duration: "2 weeks", isActive: true, instructorIds: options.instructorIds ?? [] },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const courseId = ((await created.json()) as { id: number }).id;
  const lesson = await admin.request(`/api/courses/${courseId}/lessons`, {
    method: "POST",
    json: { title: "The first tide", description: "A lesson", contentSections: [{ type: "text", title: "Reading", content: "Watch the water." }] },
  });
  expect(lesson.status).toBe(201);
  const lessonId = ((await lesson.json()) as { id: number }).id;
  if (options.quiz) {
    const quiz = { passingScore: 70, questions: [{ type: "true_false", prompt: "The moon pulls the tides.", correct: [0] }] };
    const saved = await admin.request(`/api/lessons/${lessonId}/quiz`, { method: "PUT", json: quiz });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  return { courseId, lessonId };
}

async function completeCourse(member: Visitor, course: { courseId: number; lessonId: number }): Promise<IssuedCertificate> {
  expect((await member.request(`/api/courses/${course.courseId}/start`, { method: "POST" })).status).toBe(200);
  const response = await member.request(`/api/lessons/${course.lessonId}/complete`, { method: "POST" });
  expect(response.status, await response.clone().text()).toBe(200);
  const { certificate } = (await response.json()) as { certificate: IssuedCertificate | null };
  if (!certificate) throw new Error("no certificate was issued");
  return certificate;
}

async function certificatePdfText(member: Visitor, certificateId: number): Promise<string> {
  const response = await member.request(`/api/certificates/${certificateId}/pdf`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  return pdfText(Buffer.from(await response.arrayBuffer()));
}

/** The verification page as `visitor` sees it (signed in or not). */
async function verificationPage(visitor: Visitor, number: string): Promise<string> {
  const response = await visitor.request(`/certificates/${number}`);
  expect(response.status).toBe(200);
  return response.text();
}

function postForm(visitor: Visitor, path: string, fields: Record<string, string>) {
  return visitor.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: academy.baseUrl },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("the name on certificates", () => {
  it("is given at sign-up: the certificate carries it and its page asks nothing", async () => {
    const member = new Visitor(academy.baseUrl);
    const registered = await member.request("/api/register", {
      method: "POST",
      json: { username: uniqueName(), password: "a calm and steady passphrase", certificateName: "  Ada Lovelace Byron  ", ...(await member.captcha()) },
    });
    expect(registered.status).toBe(201);
    expect(((await (await member.request("/api/user/profile")).json()) as { certificateName: string }).certificateName).toBe("Ada Lovelace Byron");

    const certificate = await completeCourse(member, await courseOfOneLesson());
    const page = await verificationPage(member, certificate.certificateNumber);
    expect(page).toContain("Ada Lovelace Byron");
    expect(page).not.toContain(QUESTION);
    expect(await certificatePdfText(member, certificate.id)).toContain("Ada Lovelace Byron");
  });

  it("is refused at sign-up and in settings when longer than 100 characters, with a clear message", async () => {
    const member = new Visitor(academy.baseUrl);
    const tooLong = "N".repeat(101);
    const registered = await member.request("/api/register", {
      method: "POST",
      json: { username: uniqueName(), password: "a calm and steady passphrase", certificateName: tooLong, ...(await member.captcha()) },
    });
    expect(registered.status).toBe(400);
    expect(((await registered.json()) as { message: string }).message).toBeTruthy();

    const student = await newStudent(academy.baseUrl);
    const updated = await student.request("/api/user/profile", { method: "PUT", json: { certificateName: tooLong } });
    expect(updated.status).toBe(400);
    expect(JSON.stringify(await updated.json())).toContain("at most 100 characters");
  });

  it("is asked once of a member who never chose it, and their answer names the certificate without a reissue", async () => {
    const member = await newStudent(academy.baseUrl);
    const username = (await member.authStatus()).username ?? "";
    const certificate = await completeCourse(member, await courseOfOneLesson());

    // Until then the display name (the username at sign-up) is on it, and only its owner is asked.
    const ownerView = await verificationPage(member, certificate.certificateNumber);
    expect(ownerView).toContain(QUESTION);
    expect(ownerView).toContain(username);
    expect(await verificationPage(new Visitor(academy.baseUrl), certificate.certificateNumber)).not.toContain(QUESTION);
    const stranger = await newStudent(academy.baseUrl);
    expect(await verificationPage(stranger, certificate.certificateNumber)).not.toContain(QUESTION);
    expect((await postForm(stranger, `/certificates/${certificate.certificateNumber}`, { certificateName: "Someone Else" })).status).toBe(403);

    // A blank answer is refused on the form; a name is taken.
    expect((await postForm(member, `/certificates/${certificate.certificateNumber}`, { certificateName: "   " })).status).toBe(400);
    const answered = await postForm(member, `/certificates/${certificate.certificateNumber}`, { certificateName: "Brigid O'Shea" });
    expect(answered.status).toBe(302);
    expect(answered.headers.get("Location")).toBe(`/certificates/${certificate.certificateNumber}`);

    const page = await verificationPage(member, certificate.certificateNumber);
    expect(page).not.toContain(QUESTION);
    expect(page).toContain("Brigid O&#x27;Shea");
    expect(page).not.toContain("Reissued on");
    const text = await certificatePdfText(member, certificate.id);
    expect(text).toContain("Brigid O'Shea");
    expect(text).not.toContain("Reissued on");
  });

  it("changed later in settings, updates the certificate: same number, new name, 'Reissued on' on the page and the PDF", async () => {
    const member = new Visitor(academy.baseUrl);
    const registered = await member.request("/api/register", {
      method: "POST",
      json: { username: uniqueName(), password: "a calm and steady passphrase", certificateName: "Morgan Lefay", ...(await member.captcha()) },
    });
    expect(registered.status).toBe(201);
    const certificate = await completeCourse(member, await courseOfOneLesson());
    expect(await verificationPage(member, certificate.certificateNumber)).not.toContain("Reissued on");

    // The settings page form, as a browser without JavaScript sends it.
    const saved = await postForm(member, "/settings", { intent: "profile", name: "Morgan", certificateName: "Morgan Le Fay" });
    expect(saved.status, await saved.clone().text()).toBeLessThan(400);

    const page = await verificationPage(new Visitor(academy.baseUrl), certificate.certificateNumber);
    expect(page).toContain("Morgan Le Fay");
    expect(page).not.toContain("Morgan Lefay");
    expect(page).toMatch(/Reissued on <!-- -->\w|Reissued on \w/);
    const text = await certificatePdfText(member, certificate.id);
    expect(text).toContain("Morgan Le Fay");
    expect(text).not.toContain("Morgan Lefay");
    expect(text).toContain("Reissued on");
    expect(text).toContain(certificate.certificateNumber);
    const listed = (await (await member.request("/api/user/certificates")).json()) as Array<{ id: number; certificateNumber: string }>;
    expect(listed.map((c) => [c.id, c.certificateNumber])).toEqual([[certificate.id, certificate.certificateNumber]]);

    // Cleared (JSON API with null): the display name is used again.
    expect((await member.request("/api/user/profile", { method: "PUT", json: { name: "Morgan the Wise", certificateName: null } })).status).toBe(200);
    expect(await certificatePdfText(member, certificate.id)).toContain("Morgan the Wise");
    // Left out of a JSON update, the name is kept.
    expect((await member.request("/api/user/profile", { method: "PUT", json: { certificateName: "Morgan Le Fay" } })).status).toBe(200);
    expect((await member.request("/api/user/profile", { method: "PUT", json: { name: "M" } })).status).toBe(200);
    expect(await certificatePdfText(member, certificate.id)).toContain("Morgan Le Fay");

    // "Download my data" carries the name, when it was chosen, and the reissue.
    const exported = (await (await member.request("/api/user/export")).json()) as {
      profile: { certificateName: string | null; certificateNameConfirmedAt: string | null };
      certificates: Array<{ certificateNumber: string; recipientName: string; reissuedAt: string | null }>;
    };
    expect(exported.profile.certificateName).toBe("Morgan Le Fay");
    expect(exported.profile.certificateNameConfirmedAt).toEqual(expect.any(String));
    expect(exported.certificates).toEqual([
      expect.objectContaining({ certificateNumber: certificate.certificateNumber, recipientName: "Morgan Le Fay", reissuedAt: expect.any(String) }),
    ]);
  });

  it("of an assessed course: the PDF carries the score, the instructors and the issue date as the page does", async () => {
    const instructor = await newStudent(academy.baseUrl);
    const instructorId = await idOf(instructor);
    expect((await admin.request(`/api/admin/members/${instructorId}/role`, { method: "PUT", json: { role: "instructor" } })).status).toBe(200);
    expect((await instructor.request("/api/user/profile", { method: "PUT", json: { name: "Maren Quill" } })).status).toBe(200);
    const course = await courseOfOneLesson({ instructorIds: [instructorId], quiz: true });

    const member = await newStudent(academy.baseUrl);
    expect((await member.request(`/api/courses/${course.courseId}/start`, { method: "POST" })).status).toBe(200);
    const passed = await passQuiz(member, admin, course.lessonId);
    const number = passed.completion?.certificate?.certificateNumber;
    if (!number) throw new Error("passing the quiz issued no certificate");
    const listed = (await (await member.request("/api/user/certificates")).json()) as Array<{ id: number; certificateNumber: string; issuedAt: string }>;
    const issued = listed.find((c) => c.certificateNumber === number);
    if (!issued) throw new Error("the certificate is not listed");

    const page = await verificationPage(member, number);
    expect(page).toMatch(/average best score of.*100%/);
    expect(page).toContain("Maren Quill (Instructor)");
    const text = await certificatePdfText(member, issued.id);
    expect(text).toContain("average best score of 100%");
    expect(text).toContain("Maren Quill");
    expect(text).toContain("Course Instructor");
    const issuedOn = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(issued.issuedAt));
    expect(text).toContain(`Issued on ${issuedOn}`);
  });
});
