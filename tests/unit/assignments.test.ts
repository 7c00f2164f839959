import { describe, expect, it } from "vitest";
import { AssignmentRefusal, gradeReview } from "~/models/assessment/assignment-grading";
import { AssignmentSchema, ReviewSchema, rubricTotal, SubmissionJsonSchema } from "~/schemas/assignment";
import { kindForName, SUBMISSION_KINDS } from "~/utils/uploads.server";

// Issue 45: the rules of an assignment (what staff may save), of a review
// (points against the rubric, decision against the points), and which files a
// member may hand in, told by their bytes.

const RUBRIC = [
  { criterion: "Clarity", description: "", points: 4 },
  { criterion: "Accuracy", description: "", points: 6 },
];
const ASSIGNMENT = { rubric: RUBRIC, passPoints: 6 };

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AssignmentRefusal) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("gradeReview", () => {
  it("stores each criterion's points with its name and maximum, in rubric order, and their total", () => {
    expect(gradeReview(ASSIGNMENT, { scores: [{ criterion: 1, points: 5 }, { criterion: 0, points: 1 }], decision: "passed" })).toEqual({
      scores: [
        { criterion: "Clarity", points: 1, maxPoints: 4 },
        { criterion: "Accuracy", points: 5, maxPoints: 6 },
      ],
      total: 6,
    });
    expect(gradeReview(ASSIGNMENT, { scores: [{ criterion: 0, points: 0 }, { criterion: 1, points: 5 }], decision: "revise" }).total).toBe(5);
  });

  it("passing needs the pass points; asking for revision needs fewer (400 either way)", () => {
    expect(refusal(() => gradeReview(ASSIGNMENT, { scores: [{ criterion: 0, points: 4 }, { criterion: 1, points: 1 }], decision: "passed" }))).toEqual({
      status: 400,
      message: "Passing needs 6 points; these scores give 5",
    });
    expect(refusal(() => gradeReview(ASSIGNMENT, { scores: [{ criterion: 0, points: 4 }, { criterion: 1, points: 6 }], decision: "revise" })).message).toMatch(/reach the 6 points needed to pass/);
    // Exactly the pass mark passes.
    expect(gradeReview(ASSIGNMENT, { scores: [{ criterion: 0, points: 0 }, { criterion: 1, points: 6 }], decision: "passed" }).total).toBe(6);
  });

  it("refuses a missing criterion, one past the rubric, one scored twice, and points above a criterion's maximum", () => {
    expect(refusal(() => gradeReview(ASSIGNMENT, { scores: [{ criterion: 0, points: 4 }], decision: "revise" })).message).toBe("Score “Accuracy” too: every criterion of the rubric needs points");
    expect(refusal(() => gradeReview(ASSIGNMENT, { scores: [{ criterion: 0, points: 1 }, { criterion: 1, points: 1 }, { criterion: 2, points: 1 }], decision: "revise" })).message).toBe(
      "Criterion 2 is not in the rubric (it has 2)",
    );
    expect(refusal(() => gradeReview(ASSIGNMENT, { scores: [{ criterion: 0, points: 1 }, { criterion: 0, points: 1 }], decision: "revise" })).message).toBe("Criterion 0 is scored twice");
    expect(refusal(() => gradeReview(ASSIGNMENT, { scores: [{ criterion: 0, points: 5 }, { criterion: 1, points: 6 }], decision: "passed" })).message).toBe("“Clarity” is worth at most 4 points");
  });
});

describe("ReviewSchema", () => {
  it("takes whole, non-negative points, a decision, and feedback trimmed (empty by default)", () => {
    expect(ReviewSchema.parse({ scores: [{ criterion: 0, points: 3 }], decision: "revise" })).toEqual({ scores: [{ criterion: 0, points: 3 }], feedback: "", decision: "revise" });
    for (const body of [
      { scores: [], decision: "passed" },
      { scores: [{ criterion: 0, points: -1 }], decision: "passed" },
      { scores: [{ criterion: 0, points: 1.5 }], decision: "passed" },
      { scores: [{ criterion: -1, points: 1 }], decision: "passed" },
      { scores: [{ criterion: 0, points: 1 }], decision: "maybe" },
      { scores: [{ criterion: 0, points: 1 }], decision: "passed", grade: "A" },
    ]) {
      expect(ReviewSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

describe("AssignmentSchema", () => {
  const valid = { instructions: "Summarise a spread.", kinds: ["text", "file"], rubric: RUBRIC, passPoints: 6 };
  const pathsOf = (body: object) => {
    const result = AssignmentSchema.safeParse(body);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  it("fills the defaults: 25 MB, required; keeps the kinds in one order without repeats", () => {
    expect(AssignmentSchema.parse({ ...valid, kinds: ["file", "text"] })).toEqual({ ...valid, kinds: ["text", "file"], maxFileMb: 25, required: true });
    expect(AssignmentSchema.parse({ ...valid, kinds: ["file", "file"] }).kinds).toEqual(["file"]);
    expect(rubricTotal(RUBRIC)).toBe(10);
  });

  it("names the field of each broken rule", () => {
    expect(pathsOf({ ...valid, passPoints: 11 })).toEqual(["passPoints: Points to pass (11) cannot be more than the rubric's total (10)"]);
    expect(pathsOf({ ...valid, passPoints: 10 })).toEqual([]);
    expect(pathsOf({ ...valid, passPoints: 0 })).toEqual(["passPoints: Points to pass must be at least 1"]);
    expect(pathsOf({ ...valid, kinds: [] })).toEqual(["kinds: Accept at least one kind of submission: text, a file or both"]);
    expect(pathsOf({ ...valid, kinds: ["audio"] })).toEqual(['kinds.0: Choose "text", "file" or both']);
    expect(pathsOf({ ...valid, rubric: [RUBRIC[0], { criterion: " ", points: 2 }] })).toEqual(["rubric.1.criterion: Criterion is required"]);
    expect(pathsOf({ ...valid, rubric: [RUBRIC[0], { criterion: "Depth", points: 0 }] })).toEqual(["rubric.1.points: A criterion is worth at least 1 point"]);
    expect(pathsOf({ ...valid, rubric: [RUBRIC[0], { criterion: "Depth", points: 101 }] })).toEqual(["rubric.1.points: A criterion is worth at most 100 points"]);
    expect(pathsOf({ ...valid, rubric: [] })).toEqual(["rubric: Add at least one criterion to the rubric"]);
    expect(pathsOf({ ...valid, rubric: Array.from({ length: 21 }, (_, i) => ({ criterion: `C${i}`, points: 1 })), passPoints: 1 })).toEqual(["rubric: At most 20 criteria"]);
    expect(pathsOf({ ...valid, maxFileMb: 0 })).toEqual(["maxFileMb: The file size limit is at least 1 MB"]);
    expect(pathsOf({ ...valid, maxFileMb: 101 })).toEqual(["maxFileMb: The file size limit is at most 100 MB"]);
    expect(pathsOf({ ...valid, required: "yes" })).toEqual(["required: Required must be true or false"]);
    expect(pathsOf({ ...valid, instructions: "   " })).toEqual(["instructions: Instructions is required"]);
  });

  it("a hand-in's text is trimmed, and empty text is none", () => {
    expect(SubmissionJsonSchema.parse({ text: "  mine  " })).toEqual({ text: "mine" });
    expect(SubmissionJsonSchema.parse({ text: "   " }).text).toBeUndefined();
    expect(SubmissionJsonSchema.parse({}).text).toBeUndefined();
    expect(SubmissionJsonSchema.safeParse({ text: "x".repeat(20_001) }).success).toBe(false);
  });
});

describe("SUBMISSION_KINDS: a file's bytes must agree with its name", () => {
  const zipEntry = (name: string, content: string) => {
    // A ZIP local file header (30 bytes), the entry's name, its stored (uncompressed) content.
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(name.length, 26);
    return Buffer.concat([header, Buffer.from(name), Buffer.from(content)]);
  };
  const matches = (name: string, bytes: Buffer) => kindForName(name, SUBMISSION_KINDS)?.matches(bytes) ?? false;
  const typeOf = (name: string) => kindForName(name, SUBMISSION_KINDS)?.contentType;

  it("ODT: a ZIP whose first entry is the OpenDocument text mimetype", () => {
    const odt = zipEntry("mimetype", "application/vnd.oasis.opendocument.text");
    expect(odt.length).toBeLessThanOrEqual(96);
    expect(matches("essay.odt", odt)).toBe(true);
    expect(typeOf("essay.odt")).toBe("application/vnd.oasis.opendocument.text");
    // A spreadsheet, or any other ZIP, is not a text document.
    expect(matches("essay.odt", zipEntry("mimetype", "application/vnd.oasis.opendocument.spreadsheet"))).toBe(false);
    expect(matches("essay.odt", zipEntry("word/document.xml", "<w:document/>"))).toBe(false);
    // A DOCX is a ZIP.
    expect(matches("essay.docx", zipEntry("[Content_Types].xml", "<Types/>"))).toBe(true);
    expect(matches("essay.docx", Buffer.from("%PDF-1.7"))).toBe(false);
  });

  it("MP3: an ID3 tag, or an MPEG frame's sync bits", () => {
    expect(matches("talk.mp3", Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]))).toBe(true);
    expect(matches("talk.mp3", Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe(true); // MPEG-1 Layer III
    expect(matches("talk.mp3", Buffer.from([0xff, 0xf3, 0x44, 0xc4]))).toBe(true); // MPEG-2 Layer III
    expect(matches("talk.mp3", Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(false); // a JPEG
    expect(matches("talk.mp3", Buffer.from("OggS"))).toBe(false);
    expect(typeOf("talk.MP3")).toBe("audio/mpeg");
  });

  it("OGG, M4A and WebM audio by their signatures", () => {
    expect(matches("voice.ogg", Buffer.concat([Buffer.from("OggS"), Buffer.from([0, 2])]))).toBe(true);
    expect(matches("voice.ogg", Buffer.from("RIFF----WAVE"))).toBe(false);
    expect(typeOf("voice.ogg")).toBe("audio/ogg");
    const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypM4A "), Buffer.alloc(8)]);
    expect(matches("voice.m4a", m4a)).toBe(true);
    expect(matches("voice.m4a", Buffer.from("ftypM4A ......"))).toBe(false); // the box size comes first
    expect(typeOf("voice.m4a")).toBe("audio/mp4");
    expect(matches("voice.webm", Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe(true);
    expect(typeOf("voice.webm")).toBe("audio/webm");
  });

  it("documents and images as elsewhere; anything else has no kind", () => {
    expect(matches("a.pdf", Buffer.from("%PDF-1.4\n"))).toBe(true);
    expect(matches("a.pdf", Buffer.from("PDF-1.4\n"))).toBe(false);
    expect(matches("a.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(matches("a.jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe1]))).toBe(true);
    expect(matches("a.txt", Buffer.from("plain words"))).toBe(true);
    expect(matches("a.txt", Buffer.from([0x61, 0x00]))).toBe(false);
    for (const name of ["a.exe", "a.html", "a.doc", "a.zip", "a.mp4", "noextension"]) expect(kindForName(name, SUBMISSION_KINDS), name).toBeUndefined();
  });
});
