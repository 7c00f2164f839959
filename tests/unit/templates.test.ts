import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXPIRED_LINK, INVALID_LINK, OTHER_USERS_LINK, signDownloadToken, verifyDownloadToken } from "~/models/community/templates.server";
import { storedTemplateName, TEMPLATE_FILE_EXTENSIONS, TemplateApiSchema, TemplateFormSchema } from "~/schemas/templates";
import { env } from "~/utils/env.server";
import { receiveUpload, TEMPLATE_EXTENSIONS, TEMPLATE_UPLOAD, UploadError } from "~/utils/uploads.server";

describe("template download tokens", () => {
  const now = 1_700_000_000_000;
  const later = now + 300_000;

  it("work for the template and user they were issued for, until they expire", () => {
    const token = signDownloadToken(7, 42, later);
    expect(verifyDownloadToken(token, 7, 42, now)).toEqual({ ok: true });
    expect(verifyDownloadToken(token, 7, 42, later - 1)).toEqual({ ok: true });
    expect(verifyDownloadToken(token, 7, 42, later)).toEqual({ ok: false, status: 410, message: EXPIRED_LINK });
  });

  it("belong to one user", () => {
    const token = signDownloadToken(7, 42, later);
    expect(verifyDownloadToken(token, 7, 43, now)).toEqual({ ok: false, status: 403, message: OTHER_USERS_LINK });
  });

  it("refuse any tampering", () => {
    const token = signDownloadToken(7, 42, later);
    const [user, expiry, mac] = token.split(".");
    const refused = { ok: false, status: 403, message: INVALID_LINK };
    // Another template, a longer life, another owner, a changed signature.
    expect(verifyDownloadToken(token, 8, 42, now)).toEqual(refused);
    expect(verifyDownloadToken(`${user}.${Number(expiry) + 1_000_000}.${mac}`, 7, 42, now)).toEqual(refused);
    expect(verifyDownloadToken(`43.${expiry}.${mac}`, 7, 43, now)).toEqual(refused);
    const flipped = `${mac?.startsWith("A") ? "B" : "A"}${mac?.slice(1)}`;
    expect(verifyDownloadToken(`${user}.${expiry}.${flipped}`, 7, 42, now)).toEqual(refused);
    for (const garbage of [null, "", "nonsense", `${user}.${expiry}`, `${user}.${expiry}.${mac}x`]) {
      expect(verifyDownloadToken(garbage, 7, 42, now)).toEqual(refused);
    }
  });
});

const BYTES = {
  pdf: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n"),
  ole2: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(56, 1)]),
  zip: Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(60, 2)]),
  text: Buffer.from("Session notes — ünïcödé is fine ✨\nLine two.\n"),
  html: Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
  exe: Buffer.concat([Buffer.from("MZ", "latin1"), Buffer.alloc(62, 0)]),
};

function uploadRequest(bytes: Buffer, name: string): Request {
  const form = new FormData();
  form.append("title", "A template");
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return new Request("http://localhost/api/upload", { method: "POST", body: form });
}

const templatesDir = () => path.resolve(env.UPLOADS_DIR, "templates");
const storedFiles = () => (fs.existsSync(templatesDir()) ? fs.readdirSync(templatesDir()) : []);

async function refusal(bytes: Buffer, name: string): Promise<UploadError> {
  const before = storedFiles();
  const error: unknown = await receiveUpload(uploadRequest(bytes, name), TEMPLATE_UPLOAD).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof UploadError)) throw new Error(`${name} was not refused`);
  // Nothing of a refused file is kept, not even a partial one.
  expect(storedFiles()).toEqual(before);
  return error;
}

describe("template uploads are checked by name and by content", () => {
  it("accept exactly the extensions the form offers", () => {
    expect(TEMPLATE_EXTENSIONS).toEqual([...TEMPLATE_FILE_EXTENSIONS]);
  });

  const accepted: Array<[string, Buffer, string]> = [
    ["guide.pdf", BYTES.pdf, "application/pdf"],
    ["letter.doc", BYTES.ole2, "application/msword"],
    ["ledger.xls", BYTES.ole2, "application/vnd.ms-excel"],
    ["slides.ppt", BYTES.ole2, "application/vnd.ms-powerpoint"],
    ["letter.docx", BYTES.zip, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["ledger.XLSX", BYTES.zip, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["slides.pptx", BYTES.zip, "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
    ["bundle.zip", BYTES.zip, "application/zip"],
    ["notes.txt", BYTES.text, "text/plain"],
    ["tiny.txt", Buffer.from("hi"), "text/plain"],
  ];

  it.each(accepted)("accepts %s with the right bytes", async (name, bytes, contentType) => {
    const { file, form } = await receiveUpload(uploadRequest(bytes, name), TEMPLATE_UPLOAD);
    expect(file?.contentType).toBe(contentType);
    expect(file?.originalName).toBe(name);
    expect(file?.url).toMatch(new RegExp(`^/uploads/templates/[A-Za-z0-9_-]+\\.${path.extname(name).slice(1).toLowerCase()}$`));
    expect(form.get("title")).toBe("A template");
    expect(fs.readFileSync(path.join(templatesDir(), file?.fileName ?? "")).equals(bytes)).toBe(true);
  });

  const mismatched: Array<[string, Buffer]> = [
    ["fake.pdf", BYTES.text],
    ["fake.pdf", BYTES.zip],
    ["fake.doc", BYTES.zip],
    ["fake.xls", BYTES.pdf],
    ["fake.docx", BYTES.ole2],
    ["fake.xlsx", BYTES.pdf],
    ["fake.pptx", BYTES.text],
    ["fake.zip", BYTES.pdf],
    ["binary.txt", BYTES.exe],
    ["latin1.txt", Buffer.from("caf\xe9 au lait, written in Latin-1 not UTF-8", "latin1")],
    ["nul-later.txt", Buffer.concat([BYTES.text, Buffer.from([0]), BYTES.text])],
  ];

  it.each(mismatched)("refuses %s whose bytes do not match its name", async (name, bytes) => {
    const error = await refusal(bytes, name);
    expect(error.status).toBe(415);
    expect(error.message).toBe(`This file is not a valid ${path.extname(name)} file`);
  });

  it.each([
    ["setup.exe", BYTES.exe],
    ["page.html", BYTES.html],
    ["script.js", BYTES.text],
    ["no-extension", BYTES.pdf],
  ])("refuses %s, whatever its bytes", async (name, bytes) => {
    const error = await refusal(bytes, name);
    expect(error.status).toBe(415);
    expect(error.message).toBe(TEMPLATE_UPLOAD.wrongTypeMessage);
  });

  it("refuses a file over the limit while it streams", async () => {
    const error = await refusal(Buffer.concat([BYTES.pdf, Buffer.alloc(TEMPLATE_UPLOAD.maxBytes)]), "huge.pdf");
    expect(error.status).toBe(413);
  });
});

describe("template fields", () => {
  const base = { title: "Planner", description: "Plan the year", category: "tools", fileName: "planner.pdf" };

  it("accept our stored files and http(s) addresses only", () => {
    expect(TemplateApiSchema.safeParse({ ...base, fileUrl: "/uploads/templates/abc_DEF-1.pdf" }).success).toBe(true);
    expect(TemplateApiSchema.safeParse({ ...base, fileUrl: "https://example.com/planner.pdf" }).success).toBe(true);
    for (const fileUrl of ["javascript:alert(1)", "/uploads/templates/../academy.db", "/uploads/images/x.png", "file:///etc/passwd", ""]) {
      expect(TemplateApiSchema.safeParse({ ...base, fileUrl }).success, fileUrl).toBe(false);
    }
  });

  it("default to a generic binary type, active and free", () => {
    const parsed = TemplateApiSchema.parse({ ...base, fileUrl: "https://example.com/planner.pdf" });
    expect(parsed).toMatchObject({ fileType: "application/octet-stream", isActive: true, isPremiumOnly: false });
    expect(TemplateApiSchema.safeParse({ ...base, fileUrl: "https://example.com/p.pdf", fileType: "text/html\r\nX: y" }).success).toBe(false);
  });

  it("on the form, need a file or an address with a name", () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ title: "Planner", description: "Plan", category: "tools", ...fields })) data.append(name, value);
      return TemplateFormSchema.safeParse(Object.fromEntries(data));
    };
    const missing = form({});
    expect(missing.success).toBe(false);
    expect(missing.error?.flatten().fieldErrors).toMatchObject({ fileUrl: ["Choose a file or enter a file URL"] });
    expect(form({ fileUrl: "https://example.com/a.pdf" }).error?.flatten().fieldErrors).toMatchObject({
      fileName: ["File name is required with a file URL"],
    });
    expect(form({ fileUrl: "https://example.com/a.pdf", fileName: "a.pdf" }).data).toMatchObject({
      fileUrl: "https://example.com/a.pdf",
      fileType: "application/octet-stream",
      isActive: true,
    });
    // On the server a chosen file arrives as the address it was stored at and wins over a typed one.
    expect(form({ file: "/uploads/templates/stored.pdf", fileUrl: "https://example.com/a.pdf" }).data?.fileUrl).toBe("/uploads/templates/stored.pdf");
  });
});

describe("stored template addresses", () => {
  it("accepts every generated (base64url) name and nothing that leaves the folder", () => {
    expect(storedTemplateName("/uploads/templates/-Ab3_x9.pdf")).toBe("-Ab3_x9.pdf");
    expect(storedTemplateName("/uploads/templates/_Zk2.txt")).toBe("_Zk2.txt");
    expect(storedTemplateName("/uploads/templates/.hidden")).toBeNull();
    expect(storedTemplateName("/uploads/templates/../secret.txt")).toBeNull();
    expect(storedTemplateName("/uploads/templates/a/b.txt")).toBeNull();
    expect(storedTemplateName("/uploads/images/a.png")).toBeNull();
  });
});

describe("abandoned uploads", () => {
  it("are removed after a day unless a template uses them", async () => {
    const { db } = await import("#db/client.server");
    const { toolTemplates } = await import("#db/schema");
    const { pruneUnusedTemplateFiles } = await import("~/models/community/templates.server");
    const dir = path.join(env.UPLOADS_DIR, "templates");
    fs.mkdirSync(dir, { recursive: true });
    const now = Date.now();
    const twoDaysAgo = new Date(now - 2 * 24 * 60 * 60 * 1000);
    for (const name of ["kept-by-template.pdf", "abandoned.pdf", "fresh.pdf"]) fs.writeFileSync(path.join(dir, name), "%PDF-1.4");
    fs.utimesSync(path.join(dir, "kept-by-template.pdf"), twoDaysAgo, twoDaysAgo);
    fs.utimesSync(path.join(dir, "abandoned.pdf"), twoDaysAgo, twoDaysAgo);
    await db.insert(toolTemplates)
      .values({ title: "Kept", description: "in use", category: "tools", fileUrl: "/uploads/templates/kept-by-template.pdf", fileName: "kept.pdf" });

    expect(await pruneUnusedTemplateFiles(now)).toBe(1);
    const left = fs.readdirSync(dir);
    expect(left).toContain("fresh.pdf");
    expect(left).toContain("kept-by-template.pdf");
    expect(left).not.toContain("abandoned.pdf");
  });
});
