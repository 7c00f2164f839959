import { z } from "zod";

// The tools & templates library: the upload form (browser and page action)
// and the admin JSON API share these rules. Kept free of server imports so the
// browser bundle can use them; the model checks the lists agree with the database.

export const TEMPLATE_CATEGORIES = ["tools", "templates", "calculators"] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** The tab and badge label of each category (spec: Business Tools = tools, …). */
export const CATEGORY_LABELS: Record<TemplateCategory, string> = {
  tools: "Business Tools",
  templates: "Templates",
  calculators: "Calculators",
};

export function isTemplateCategory(value: unknown): value is TemplateCategory {
  return TEMPLATE_CATEGORIES.some((category) => category === value);
}

/** What the upload accepts; the server checks each file's bytes against its extension. */
export const TEMPLATE_FILE_EXTENSIONS = ["pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "zip", "txt"] as const;
export const TEMPLATE_FILE_ACCEPT = TEMPLATE_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(",");
export const MAX_TEMPLATE_BYTES = 50 * 1024 * 1024;
export const GENERIC_FILE_TYPE = "application/octet-stream";

/** Where our stored template files live (UPLOADS_DIR/templates, never served directly). */
export const STORED_TEMPLATE_PREFIX = "/uploads/templates/";
// Generated names are base64url, so they may start with "-" or "_" (never with ".").
const STORED_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** The stored file's name when `fileUrl` points at one of our template files, else null. */
export function storedTemplateName(fileUrl: string): string | null {
  if (!fileUrl.startsWith(STORED_TEMPLATE_PREFIX)) return null;
  const name = fileUrl.slice(STORED_TEMPLATE_PREFIX.length);
  return STORED_NAME.test(name) && !name.includes("..") ? name : null;
}

export function isExternalUrl(fileUrl: string): boolean {
  try {
    const url = new URL(fileUrl);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const FILE_URL_MESSAGE = "Enter an http(s) address or upload a file";

function requiredText(max: number, message: string, tooLong: string) {
  return z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, tooLong);
}

const fileUrl = z
  .string({ required_error: "File URL is required", invalid_type_error: "File URL is required" })
  .trim()
  .min(1, "File URL is required")
  .max(2048, "File URL is too long")
  .refine((value) => storedTemplateName(value) !== null || isExternalUrl(value), FILE_URL_MESSAGE);

const fileName = requiredText(200, "File name is required", "File name is too long");

// A MIME type such as application/pdf: it becomes the download's Content-Type.
const MIME_TYPE = /^[\w.+-]+\/[\w.+-]+$/;
const MIME_MESSAGE = "File type must look like application/pdf";
const fileType = z
  .string()
  .trim()
  .max(200, "File type is too long")
  .optional()
  .transform((value) => value || GENERIC_FILE_TYPE)
  .pipe(z.string().regex(MIME_TYPE, MIME_MESSAGE));

const basics = {
  title: requiredText(200, "Title is required", "Title is too long"),
  description: requiredText(2000, "Description is required", "Description is too long"),
  category: z.enum(TEMPLATE_CATEGORIES, { errorMap: () => ({ message: "Category is required" }) }),
};

/** POST /api/admin/tools-templates (spec §7). */
export const TemplateApiSchema = z.object({
  ...basics,
  fileUrl,
  fileName,
  fileType,
  isPremiumOnly: z.boolean().default(false),
  isActive: z.boolean().default(true),
});

export type TemplateInput = z.output<typeof TemplateApiSchema>;

function isChosenFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File && value.size > 0;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * The page's Upload Template form. In the browser `file` is the chosen File
 * (checked by name and size for instant feedback); on the server the action
 * has already stored it and `file` holds its fileUrl, and the action takes the
 * stored file's own name and type: a chosen file always wins over a typed
 * address (spec §5).
 */
export const TemplateFormSchema = z
  .object({
    ...basics,
    file: z.unknown().optional(),
    fileUrl: z.string().trim().max(2048, "File URL is too long").optional(),
    fileName: z.string().trim().max(200, "File name is too long").optional(),
    fileType: z.string().trim().max(200, "File type is too long").optional(),
    // A ticked checkbox sends "on" (conform makes it true); unticked sends nothing.
    isPremiumOnly: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (isChosenFile(value.file)) {
      const allowed: readonly string[] = TEMPLATE_FILE_EXTENSIONS;
      if (!allowed.includes(extensionOf(value.file.name))) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["file"], message: `Choose a ${TEMPLATE_FILE_ACCEPT.replaceAll(",", ", ")} file` });
      } else if (value.file.size > MAX_TEMPLATE_BYTES) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["file"], message: "File must be smaller than 50MB" });
      }
      return;
    }
    if (storedUpload(value.file)) return;
    if (!value.fileUrl) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fileUrl"], message: "Choose a file or enter a file URL" });
    } else if (storedTemplateName(value.fileUrl) === null && !isExternalUrl(value.fileUrl)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fileUrl"], message: FILE_URL_MESSAGE });
    }
    if (!value.fileName) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fileName"], message: "File name is required with a file URL" });
    }
    if (value.fileType && !MIME_TYPE.test(value.fileType)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fileType"], message: MIME_MESSAGE });
    }
  })
  .transform(({ title, description, category, file, fileUrl, fileName, fileType, isPremiumOnly }): TemplateInput => ({
    title,
    description,
    category,
    fileUrl: storedUpload(file) ?? fileUrl ?? "",
    fileName: fileName ?? "",
    fileType: fileType || GENERIC_FILE_TYPE,
    isPremiumOnly,
    // New uploads are sent with isActive true (spec §5).
    isActive: true,
  }));

/** On the server, the address the action stored the chosen file at. */
function storedUpload(file: unknown): string | null {
  return typeof file === "string" && storedTemplateName(file) !== null ? file : null;
}

export type TemplateFormInput = z.input<typeof TemplateFormSchema>;
