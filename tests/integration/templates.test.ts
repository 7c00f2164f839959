import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_PREMIUM, DEMO_STUDENT, TEST_ADMIN, uniqueName, useAcademy, Visitor } from "./helpers";

const academy = useAcademy({ SIGNUPS_PER_HOUR: "500" });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
// The first bytes of a ZIP local file header, as every .docx starts.
const DOCX = Buffer.concat([Buffer.from("PK\x03\x04\x14\x00\x00\x00\x08\x00", "latin1"), Buffer.from("[Content_Types].xml"), Buffer.alloc(40, 7)]);

interface ListedTemplate {
  id: number;
  title: string;
  category: string;
  fileName: string;
  fileType: string;
  isPremiumOnly: boolean;
  isActive: boolean;
  downloadCount: number;
  fileUrl?: string;
}

async function signIn({ username, password }: { username: string; password: string }): Promise<Visitor> {
  const visitor = new Visitor(academy.baseUrl);
  expect((await visitor.login(username, password)).status).toBe(200);
  return visitor;
}

function fileForm(bytes: Buffer, name: string, type = "application/octet-stream") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const templatesDir = () => path.join(academy.process.dataDir, "uploads", "templates");
const storedFiles = () => fs.readdirSync(templatesDir()).sort();

async function uploadFile(admin: Visitor, bytes: Buffer, name: string): Promise<string> {
  const response = await admin.request("/api/upload", { method: "POST", body: fileForm(bytes, name) });
  expect(response.status).toBe(201);
  const { fileUrl } = (await response.json()) as { fileUrl: string };
  return fileUrl;
}

async function createTemplate(admin: Visitor, fields: Record<string, unknown>): Promise<ListedTemplate> {
  const response = await admin.request("/api/admin/tools-templates", {
    method: "POST",
    json: { title: "A Template", description: "Made by a test", category: "templates", fileName: "file.pdf", ...fields },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ListedTemplate;
}

async function listed(visitor: Visitor, query = ""): Promise<ListedTemplate[]> {
  const response = await visitor.request(`/api/tools-templates${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListedTemplate[];
}

async function countOf(id: number): Promise<number | undefined> {
  const admin = await signIn(TEST_ADMIN);
  return (await listed(admin)).find((t) => t.id === id)?.downloadCount;
}

async function downloadLink(visitor: Visitor, id: number): Promise<Response> {
  return visitor.request(`/api/tools-templates/${id}/download`, { method: "POST" });
}

async function linkFor(visitor: Visitor, id: number): Promise<{ downloadUrl: string; fileName: string }> {
  const response = await downloadLink(visitor, id);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { downloadUrl: string; fileName: string };
}

describe("uploading template files", () => {
  it("refuses .exe, .html and a .pdf whose bytes are not a PDF, keeping nothing", async () => {
    const admin = await signIn(TEST_ADMIN);
    const before = storedFiles();
    const refusals: Array<[Buffer, string, string]> = [
      [Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(60)]), "setup.exe", "Only .pdf, .doc, .docx, .xls, .xlsx, .ppt, .pptx, .zip, .txt files can be uploaded"],
      [Buffer.from("<!doctype html><html><script>alert(1)</script></html>"), "page.html", "Only .pdf, .doc, .docx, .xls, .xlsx, .ppt, .pptx, .zip, .txt files can be uploaded"],
      [Buffer.from("<!doctype html><html><script>alert(1)</script></html>"), "invoice.pdf", "This file is not a valid .pdf file"],
    ];
    for (const [bytes, name, message] of refusals) {
      const response = await admin.request("/api/upload", { method: "POST", body: fileForm(bytes, name, "application/pdf") });
      expect(response.status, name).toBe(415);
      expect(await response.json()).toEqual({ message });
    }
    expect(storedFiles()).toEqual(before);
  });

  it("accepts a real small PDF and a docx, and never serves them publicly", async () => {
    const admin = await signIn(TEST_ADMIN);
    for (const [bytes, name, extension] of [
      [PDF, "Guide.pdf", "pdf"],
      [DOCX, "Letter.docx", "docx"],
    ] as const) {
      const response = await admin.request("/api/upload", { method: "POST", body: fileForm(bytes, name) });
      expect(response.status).toBe(201);
      const answer = (await response.json()) as { fileUrl: string; fileName: string };
      expect(answer.fileUrl).toMatch(new RegExp(`^/uploads/templates/[A-Za-z0-9_-]+\\.${extension}$`));
      expect(answer.fileName).toBe(name);
      const stored = path.join(templatesDir(), path.basename(answer.fileUrl));
      expect(fs.readFileSync(stored).equals(bytes)).toBe(true);
      expect((await fetch(`${academy.baseUrl}${answer.fileUrl}`)).status).toBe(404);
    }
  });

  it("is for admins only, as are creating and deleting templates", async () => {
    const student = await signIn(DEMO_STUDENT);
    const visitor = new Visitor(academy.baseUrl);
    const body = { title: "x", description: "y", category: "tools", fileUrl: "https://example.com/a.pdf", fileName: "a.pdf" };
    for (const [who, status] of [
      [student, 403],
      [visitor, 401],
    ] as const) {
      expect((await who.request("/api/upload", { method: "POST", body: fileForm(PDF, "a.pdf") })).status).toBe(status);
      expect((await who.request("/api/admin/tools-templates", { method: "POST", json: body })).status).toBe(status);
      expect((await who.request("/api/admin/tools-templates/1", { method: "DELETE" })).status).toBe(status);
    }
    expect((await listed(visitor)).some((t) => t.id === 1)).toBe(true);
  });
});

describe("creating templates", () => {
  it("validates the body and answers field errors", async () => {
    const admin = await signIn(TEST_ADMIN);
    const response = await admin.request("/api/admin/tools-templates", {
      method: "POST",
      json: { title: " ", description: "d", category: "spells", fileUrl: "javascript:alert(1)", fileName: "a.pdf" },
    });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: Record<string, string[]> };
    expect(errors.title).toEqual(["Title is required"]);
    expect(errors.category).toEqual(["Category is required"]);
    expect(errors.fileUrl).toEqual(["Enter an http(s) address or upload a file"]);

    const missingFile = await admin.request("/api/admin/tools-templates", {
      method: "POST",
      json: { title: "t", description: "d", category: "tools", fileUrl: "/uploads/templates/never-uploaded.pdf", fileName: "a.pdf" },
    });
    expect(missingFile.status).toBe(400);
  });

  it("shows inactive templates to admins only", async () => {
    const admin = await signIn(TEST_ADMIN);
    const hidden = await createTemplate(admin, { title: `Hidden ${uniqueName()}`, fileUrl: await uploadFile(admin, PDF, "h.pdf"), isActive: false });
    expect((await listed(admin)).find((t) => t.id === hidden.id)?.isActive).toBe(false);
    const student = await signIn(DEMO_STUDENT);
    expect((await listed(student)).some((t) => t.id === hidden.id)).toBe(false);
    expect((await downloadLink(student, hidden.id)).status).toBe(404);
  });
});

describe("downloading templates", () => {
  it("lets a student download a free template once per download, as an attachment", async () => {
    const admin = await signIn(TEST_ADMIN);
    const fileUrl = await uploadFile(admin, PDF, "Moon Planner.pdf");
    const created = await createTemplate(admin, { title: "Moon Planner", category: "tools", fileUrl, fileName: "Moon Planner.pdf", fileType: "application/pdf" });

    const visitor = new Visitor(academy.baseUrl);
    const publicEntry = (await listed(visitor, "?category=tools")).find((t) => t.id === created.id);
    expect(publicEntry).toMatchObject({ title: "Moon Planner", category: "tools", fileName: "Moon Planner.pdf", fileType: "application/pdf", isPremiumOnly: false, downloadCount: 0 });
    // The address stays private: for an external file it would bypass the Premium check.
    expect(publicEntry).not.toHaveProperty("fileUrl");
    expect((await listed(visitor, "?category=calculators")).some((t) => t.id === created.id)).toBe(false);

    const student = await signIn(DEMO_STUDENT);
    const link = await linkFor(student, created.id);
    expect(link.fileName).toBe("Moon Planner.pdf");
    expect(link.downloadUrl).toMatch(new RegExp(`^/api/tools-templates/${created.id}/file\\?token=`));
    expect(await countOf(created.id)).toBe(0);

    const file = await student.request(link.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="Moon Planner.pdf"; filename*=UTF-8''Moon%20Planner.pdf`);
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect(await countOf(created.id)).toBe(1);
  });

  it("downloads the seeded text templates too", async () => {
    const student = await signIn(DEMO_STUDENT);
    const free = (await listed(student)).find((t) => !t.isPremiumOnly && t.fileName === "session-planning-sheet.txt");
    expect(free).toBeDefined();
    const file = await student.request((await linkFor(student, free?.id ?? 0)).downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await file.text()).toContain("SESSION PLANNING SHEET");
  });

  it("keeps premium-only templates for Premium members", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const premiumOnly = (await listed(visitor)).find((t) => t.isPremiumOnly);
    if (!premiumOnly) throw new Error("the demo has premium templates");
    const before = await countOf(premiumOnly.id);

    const free = await signIn(DEMO_STUDENT);
    const refused = await downloadLink(free, premiumOnly.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Premium membership required" });

    const premium = await signIn(DEMO_PREMIUM);
    const link = await linkFor(premium, premiumOnly.id);
    // A free student holding a Premium member's link still gets nothing.
    expect((await free.request(link.downloadUrl)).status).toBe(403);
    expect(await countOf(premiumOnly.id)).toBe(before);
    const file = await premium.request(link.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain(`filename*=UTF-8''${premiumOnly.fileName}`);
    expect(await countOf(premiumOnly.id)).toBe((before ?? 0) + 1);
  });

  it("binds a link to the student it was issued to", async () => {
    const student = await signIn(DEMO_STUDENT);
    const template = (await listed(student)).find((t) => !t.isPremiumOnly);
    if (!template) throw new Error("the demo has free templates");
    const { downloadUrl } = await linkFor(student, template.id);
    const before = await countOf(template.id);

    const other = new Visitor(academy.baseUrl);
    expect((await other.register(uniqueName())).status).toBe(201);
    const stolen = await other.request(downloadUrl);
    expect(stolen.status).toBe(403);
    expect(await stolen.json()).toEqual({ message: "This download link belongs to another account" });

    const visitor = new Visitor(academy.baseUrl);
    expect((await visitor.request(downloadUrl)).status).toBe(401);
    expect((await downloadLink(visitor, template.id)).status).toBe(401);

    const tampered = downloadUrl.replace(/token=(\d+)/, (_all, id: string) => `token=${Number(id) + 1}`);
    expect((await other.request(tampered)).status).toBe(403);
    expect((await student.request(downloadUrl.replace(`/${template.id}/`, "/999999/"))).status).toBe(403);
    expect(await countOf(template.id)).toBe(before);

    expect((await downloadLink(student, 999_999)).status).toBe(404);
  });

  it("sends an external template's visitors on to its address after the same checks", async () => {
    const admin = await signIn(TEST_ADMIN);
    const created = await createTemplate(admin, { fileUrl: "https://example.com/files/calculator.xlsx", fileName: "calculator.xlsx", isPremiumOnly: true });
    const free = await signIn(DEMO_STUDENT);
    expect((await downloadLink(free, created.id)).status).toBe(403);
    const premium = await signIn(DEMO_PREMIUM);
    const answer = await premium.request((await linkFor(premium, created.id)).downloadUrl);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("https://example.com/files/calculator.xlsx");
    expect(await countOf(created.id)).toBe(1);
  });
});

describe("deleting templates", () => {
  it("removes the template and its stored file", async () => {
    const admin = await signIn(TEST_ADMIN);
    const fileUrl = await uploadFile(admin, DOCX, "Contract.docx");
    const created = await createTemplate(admin, { fileUrl, fileName: "Contract.docx" });
    const student = await signIn(DEMO_STUDENT);
    const { downloadUrl } = await linkFor(student, created.id);
    const stored = path.join(templatesDir(), path.basename(fileUrl));
    expect(fs.existsSync(stored)).toBe(true);

    const response = await admin.request(`/api/admin/tools-templates/${created.id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(fs.existsSync(stored)).toBe(false);
    expect((await listed(student)).some((t) => t.id === created.id)).toBe(false);
    expect((await student.request(downloadUrl)).status).toBe(404);
    expect((await downloadLink(student, created.id)).status).toBe(404);
    expect((await admin.request(`/api/admin/tools-templates/${created.id}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("the page without JavaScript", () => {
  const post = (who: Visitor, fields: Record<string, string>, query = "") =>
    who.request(`/tools-templates${query}`, { method: "POST", body: new URLSearchParams(fields) });

  it("shows the tabs and the empty state of a category", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const page = await (await visitor.request("/tools-templates")).text();
    for (const text of ["All Categories", "Business Tools", "Templates", "Calculators", "Session Planning Sheet", "Upgrade to Download", "Downloads:"]) {
      expect(page).toContain(text);
    }
    expect(page).not.toContain("Upload Template");
    expect(await (await (await signIn(TEST_ADMIN)).request("/tools-templates")).text()).toContain("Upload Template");
  });

  it("sends a download form straight on to the file, or to sign in, or to the Premium dialog", async () => {
    const visitor = new Visitor(academy.baseUrl);
    const templates = await listed(visitor);
    const free = templates.find((t) => !t.isPremiumOnly);
    const premiumOnly = templates.find((t) => t.isPremiumOnly);
    if (!free || !premiumOnly) throw new Error("the demo has free and premium templates");

    const asVisitor = await post(visitor, { intent: "download", templateId: String(free.id) });
    expect(asVisitor.status).toBe(302);
    expect(decodeURIComponent(asVisitor.headers.get("Location") ?? "")).toBe("/login?redirect=/tools-templates");

    const student = await signIn(DEMO_STUDENT);
    const toFile = await post(student, { intent: "download", templateId: String(free.id) }, "?category=" + free.category);
    expect(toFile.status).toBe(303);
    const file = await student.request(toFile.headers.get("Location") ?? "");
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment;/);

    const toDialog = await post(student, { intent: "download", templateId: String(premiumOnly.id) }, "?category=" + premiumOnly.category);
    expect(toDialog.status).toBe(303);
    expect(toDialog.headers.get("Location")).toBe(`/tools-templates?category=${premiumOnly.category}&premium=${premiumOnly.id}`);
    const dialog = await (await student.request(toDialog.headers.get("Location") ?? "")).text();
    expect(dialog).toContain("Premium Membership Required");
    expect(dialog).toContain('href="/upgrade"');
    expect(dialog).toContain("Maybe Later");
  });

  it("uploads a template with its file from the admin's form, and refuses a fake one", async () => {
    const admin = await signIn(TEST_ADMIN);
    const title = `No-JS ${uniqueName("upload")}`;
    const form = (bytes: Buffer, name: string) => {
      const body = fileForm(bytes, name);
      for (const [key, value] of Object.entries({ title, description: "Posted as a plain form", category: "calculators", fileUrl: "https://example.com/ignored.pdf", fileName: "ignored.pdf", isPremiumOnly: "on", intent: "upload" })) {
        body.append(key, value);
      }
      return body;
    };
    const before = storedFiles();
    const refused = await admin.request("/tools-templates?upload=1", { method: "POST", body: form(Buffer.from("not a pdf at all, only words"), "fake.pdf") });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain("This file is not a valid .pdf file");
    expect(storedFiles()).toEqual(before);

    const accepted = await admin.request("/tools-templates?upload=1", { method: "POST", body: form(PDF, "Rates.pdf") });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/tools-templates");
    const created = (await listed(admin, "?category=calculators")).find((t) => t.title === title);
    // The chosen file wins over the typed address, with its own name and type.
    expect(created).toMatchObject({ fileName: "Rates.pdf", fileType: "application/pdf", isPremiumOnly: true, isActive: true });
    expect(created?.fileUrl).toMatch(/^\/uploads\/templates\/[A-Za-z0-9_-]+\.pdf$/);

    const missingTitle = await admin.request("/tools-templates?upload=1", {
      method: "POST",
      body: (() => {
        const body = form(PDF, "Rates.pdf");
        body.set("title", "");
        return body;
      })(),
    });
    expect(missingTitle.status).toBe(400);
    expect(await missingTitle.text()).toContain("Title is required");
    // The file of a refused form is not kept either.
    expect(storedFiles().length).toBe(before.length + 1);

    const deleted = await post(admin, { intent: "delete", templateId: String(created?.id) });
    expect(deleted.status).toBe(302);
    expect((await listed(admin)).some((t) => t.title === title)).toBe(false);
    expect(storedFiles()).toEqual(before);
  });
});
