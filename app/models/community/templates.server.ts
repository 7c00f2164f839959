import crypto from "node:crypto";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { db, first, withTransaction, single } from "#db/client.server";
import { toolTemplates, type TEMPLATE_CATEGORIES as DB_TEMPLATE_CATEGORIES, type User } from "#db/schema";
import { indexTemplate, readTemplateTexts } from "~/models/companion/companion-library.server";
import { isPremium, PREMIUM_REQUIRED } from "~/models/billing/membership.server";
import { isExternalUrl, STORED_TEMPLATE_PREFIX, storedTemplateName, type TemplateCategory, type TemplateInput } from "~/schemas/templates";
import { env } from "~/utils/env.server";
import { fileStore } from "~/utils/file-store.server";
import { safeDisplayName, uploadKey } from "~/utils/uploads.server";

// The tools & templates library. Every rule lives here once; the page and the
// JSON API both call it.
//
// Downloads go through short-lived links bound to one user: issuing a link
// checks visibility and Premium, and the file route checks the link, the
// signed-in user and the same rules again before it sends anything. The
// download count rises when the file route actually hands out the file (or
// redirects to an external one), so refused, expired or never-used links
// leave it alone. See docs/decisions/007-template-download-links.md.

// The browser-safe list in app/schemas must stay the database's list.
type SameList<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const categoriesAgree: SameList<TemplateCategory, (typeof DB_TEMPLATE_CATEGORIES)[number]> = true;
void categoriesAgree;

type Viewer = Pick<User, "id" | "role">;

export interface TemplateListItem {
  id: number;
  title: string;
  description: string;
  category: TemplateCategory;
  fileName: string;
  fileType: string;
  isPremiumOnly: boolean;
  isActive: boolean;
  downloadCount: number;
  createdAt: Date;
  /** Admins only: for everyone else an external address would bypass the Premium check. */
  fileUrl?: string;
}

type TemplateRow = typeof toolTemplates.$inferSelect;

function toListItem(row: TemplateRow, isAdmin: boolean): TemplateListItem {
  const item: TemplateListItem = {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    fileName: row.fileName,
    fileType: row.fileType,
    isPremiumOnly: row.isPremiumOnly,
    isActive: row.isActive,
    downloadCount: row.downloadCount,
    createdAt: row.createdAt,
  };
  return isAdmin ? { ...item, fileUrl: row.fileUrl } : item;
}

const isAdminViewer = (viewer: Viewer | null | undefined) => viewer?.role === "admin";

/** Active templates (admins also see inactive ones), newest first, optionally of one category. */
export async function listTemplates({ viewer, category }: { viewer?: Viewer | null; category?: TemplateCategory | null }): Promise<TemplateListItem[]> {
  const isAdmin = isAdminViewer(viewer);
  const conditions: SQL[] = [];
  if (!isAdmin) conditions.push(eq(toolTemplates.isActive, true));
  if (category) conditions.push(eq(toolTemplates.category, category));
  return (await db
    .select()
    .from(toolTemplates)
    .where(and(...conditions))
    .orderBy(desc(toolTemplates.createdAt), desc(toolTemplates.id)))
    .map((row) => toListItem(row, isAdmin));
}

/** A template the viewer may see (active, or any for admins), or undefined. */
async function findVisibleTemplate(id: number, viewer: Viewer): Promise<TemplateRow | undefined> {
  const row = await first(db.select().from(toolTemplates).where(eq(toolTemplates.id, id)).limit(1));
  if (!row || (!row.isActive && !isAdminViewer(viewer))) return undefined;
  return row;
}

export async function getTemplateTitle(id: number, viewer: Viewer | null): Promise<string | null> {
  const row = await first(db.select({ title: toolTemplates.title, isActive: toolTemplates.isActive }).from(toolTemplates).where(eq(toolTemplates.id, id)).limit(1));
  if (!row || (!row.isActive && !isAdminViewer(viewer))) return null;
  return row.title;
}

export type TemplateRefusal = { ok: false; status: 400 | 403 | 404 | 410; message: string; errors?: Record<string, string[]> };

/** The stored file behind `fileUrl` when it is one of ours and still in the file store, else null. */
async function storedTemplateFile(fileUrl: string): Promise<{ key: string; size: number } | null> {
  const name = storedTemplateName(fileUrl);
  if (!name) return null;
  const key = uploadKey("templates", name);
  const stat = await fileStore.stat(key);
  return stat ? { key, size: stat.size } : null;
}

export async function createTemplate(input: TemplateInput, uploadedBy: number): Promise<{ ok: true; template: TemplateListItem } | TemplateRefusal> {
  if (storedTemplateName(input.fileUrl) !== null && (await storedTemplateFile(input.fileUrl)) === null) {
    const message = "That file was not uploaded here; upload it again";
    return { ok: false, status: 400, message, errors: { fileUrl: [message] } };
  }
  // Indexed for the study companion in the same transaction (removed with it by the foreign key's cascade).
  const texts = await readTemplateTexts([{ fileUrl: input.fileUrl, fileName: safeDisplayName(input.fileName, "download"), fileType: input.fileType }]);
  const row = await withTransaction(async (tx) => {
    const created = await single(tx
      .insert(toolTemplates)
      .values({
        title: input.title,
        description: input.description,
        category: input.category,
        fileUrl: input.fileUrl,
        fileName: safeDisplayName(input.fileName, "download"),
        fileType: input.fileType,
        isPremiumOnly: input.isPremiumOnly,
        isActive: input.isActive,
        uploadedBy,
      })
      .returning());
    await indexTemplate(tx, created.id, texts);
    return created;
  });
  return { ok: true, template: toListItem(row, true) };
}

/** Removes one of our stored template files unless a template still uses it. */
export async function discardStoredTemplateFile(fileUrl: string): Promise<void> {
  const name = storedTemplateName(fileUrl);
  if (!name) return;
  const inUse = await first(db.select({ id: toolTemplates.id }).from(toolTemplates).where(eq(toolTemplates.fileUrl, fileUrl)).limit(1));
  if (!inUse) await fileStore.delete(uploadKey("templates", name));
}

// An upload through POST /api/upload that no template uses after a day was abandoned.
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Removes stored template files no template refers to, once they are a day old; returns how many. */
export async function pruneUnusedTemplateFiles(now = Date.now()): Promise<number> {
  const files = await fileStore.list("templates/");
  if (files.length === 0) return 0;
  const used = new Set((await db.select({ fileUrl: toolTemplates.fileUrl }).from(toolTemplates)).map((row) => row.fileUrl));
  let removed = 0;
  for (const file of files) {
    const name = file.key.slice("templates/".length);
    // Sub-folders and files still being received are not template files.
    if (name.includes("/") || name.startsWith(".") || now - file.modifiedAt.getTime() < ABANDONED_AFTER_MS) continue;
    if (used.has(`${STORED_TEMPLATE_PREFIX}${name}`)) continue;
    await fileStore.delete(file.key);
    removed += 1;
  }
  return removed;
}

/** Deletes a template and, when it was ours and no other template shares it, its stored file. */
export async function deleteTemplate(id: number): Promise<boolean> {
  const removed = await first(db.delete(toolTemplates).where(eq(toolTemplates.id, id)).returning({ fileUrl: toolTemplates.fileUrl }));
  if (!removed) return false;
  await discardStoredTemplateFile(removed.fileUrl);
  return true;
}

// ——— Download links ———

const TOKEN_PATTERN = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

function signature(templateId: number, userId: number, expiresAtMs: number): Buffer {
  return crypto.createHmac("sha256", env.SESSION_SECRET).update(`tool-template-download\n${templateId}\n${userId}\n${expiresAtMs}`).digest();
}

/** `userId.expiresAtMs.hmac`: HMAC-SHA256 over (template, user, expiry) with the session secret. */
export function signDownloadToken(templateId: number, userId: number, expiresAtMs: number): string {
  return `${userId}.${expiresAtMs}.${signature(templateId, userId, expiresAtMs).toString("base64url")}`;
}

export type LinkCheck = { ok: true } | { ok: false; status: 403 | 410; message: string };

export const INVALID_LINK = "This download link is not valid";
export const EXPIRED_LINK = "This download link has expired; press Download again";
export const OTHER_USERS_LINK = "This download link belongs to another account";

/** Checks a link's token for this template and the signed-in user. */
export function verifyDownloadToken(token: string | null | undefined, templateId: number, userId: number, now = Date.now()): LinkCheck {
  const match = TOKEN_PATTERN.exec(token ?? "");
  if (!match) return { ok: false, status: 403, message: INVALID_LINK };
  const tokenUser = Number(match[1]);
  const expiresAtMs = Number(match[2]);
  const given = Buffer.from(match[3] ?? "", "base64url");
  const expected = signature(templateId, tokenUser, expiresAtMs);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { ok: false, status: 403, message: INVALID_LINK };
  }
  if (expiresAtMs <= now) return { ok: false, status: 410, message: EXPIRED_LINK };
  if (tokenUser !== userId) return { ok: false, status: 403, message: OTHER_USERS_LINK };
  return { ok: true };
}

/** Who may download this template at all: visible to them, and Premium for premium-only items. */
async function checkDownloadAllowed(id: number, user: Viewer): Promise<{ ok: true; template: TemplateRow } | TemplateRefusal> {
  const template = await findVisibleTemplate(id, user);
  if (!template) return { ok: false, status: 404, message: "Template not found" };
  if (template.isPremiumOnly && !await isPremium(user)) return { ok: false, status: 403, message: PREMIUM_REQUIRED };
  return { ok: true, template };
}

export function downloadUrlFor(templateId: number, token: string): string {
  return `/api/tools-templates/${templateId}/file?token=${encodeURIComponent(token)}`;
}

/** A short-lived link to the file for this user (spec: POST /api/tools-templates/{id}/download). */
export async function issueDownloadLink(id: number, user: Viewer, now = Date.now()): Promise<{ ok: true; downloadUrl: string; fileName: string } | TemplateRefusal> {
  const allowed = await checkDownloadAllowed(id, user);
  if (!allowed.ok) return allowed;
  const token = signDownloadToken(id, user.id, now + env.DOWNLOAD_LINK_TTL_SECONDS * 1000);
  return { ok: true, downloadUrl: downloadUrlFor(id, token), fileName: allowed.template.fileName };
}

export type Delivery =
  | { kind: "file"; key: string; size: number; fileName: string; contentType: string }
  | { kind: "external"; url: string };

/**
 * Redeems a download link: the token must be this user's and unexpired, and
 * the template still downloadable by them. Counts the download unless asked
 * not to (a HEAD request fetches nothing).
 */
export async function redeemDownloadLink(
  id: number,
  token: string | null,
  user: Viewer,
  { count = true, now = Date.now() }: { count?: boolean; now?: number } = {},
): Promise<{ ok: true; delivery: Delivery } | TemplateRefusal> {
  const link = verifyDownloadToken(token, id, user.id, now);
  if (!link.ok) return link;
  const allowed = await checkDownloadAllowed(id, user);
  if (!allowed.ok) return allowed;
  const { template } = allowed;

  let delivery: Delivery;
  if (storedTemplateName(template.fileUrl) !== null) {
    const file = await storedTemplateFile(template.fileUrl);
    if (!file) return { ok: false, status: 404, message: "The file of this template is missing" };
    delivery = { kind: "file", key: file.key, size: file.size, fileName: template.fileName, contentType: template.fileType };
  } else if (isExternalUrl(template.fileUrl)) {
    delivery = { kind: "external", url: template.fileUrl };
  } else {
    return { ok: false, status: 404, message: "The file of this template is missing" };
  }
  if (count) {
    await db.update(toolTemplates)
      .set({ downloadCount: sql`${toolTemplates.downloadCount} + 1` })
      .where(eq(toolTemplates.id, id));
  }
  return { ok: true, delivery };
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
