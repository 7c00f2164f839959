import { json } from "@remix-run/node";
import type { z } from "zod";
import { env } from "~/utils/env.server";
import { parseRouteId } from "~/utils/misc";

// The JSON API's conventions: errors are `{ message, errors? }` with the right
// status, bodies are capped and validated, and nothing leaks a stack trace.

export type FieldErrors = Record<string, string[] | undefined>;

export function apiError(status: number, message: string, errors?: FieldErrors, init?: ResponseInit) {
  return json(errors ? { message, errors } : { message }, { ...init, status });
}

const tooLarge = () => apiError(413, "Request body is too large");

/** The body's exact bytes (webhook signatures are computed over them), stopped past the cap. */
export async function readCappedBytes(request: Request, limitBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limitBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readCappedText(request: Request, limitBytes: number): Promise<string> {
  return (await readCappedBytes(request, limitBytes)).toString("utf8");
}

/** A zod error's messages keyed by their full path ("questions.2.correct"), for bodies with lists. */
export function fieldErrorsByPath(error: z.ZodError): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Reads a JSON body and validates it; throws a ready 4xx response otherwise.
 * Field errors are keyed by top-level field, or by full path with `{ paths: "full" }`.
 */
export async function readJson<S extends z.ZodTypeAny>(request: Request, schema: S, options: { paths?: "top" | "full" } = {}): Promise<z.output<S>> {
  const type = request.headers.get("Content-Type") ?? "";
  const text = await readCappedText(request, env.JSON_BODY_LIMIT_KB * 1024);
  if (text.trim() !== "" && !type.toLowerCase().includes("application/json")) {
    throw apiError(415, "Send the request body as application/json");
  }
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw apiError(400, "Malformed JSON body");
    }
  }
  const result = schema.safeParse(body);
  if (!result.success && options.paths === "full") {
    const first = result.error.issues[0];
    throw apiError(400, first ? `${first.path.length ? `${first.path.join(".")}: ` : ""}${first.message}` : "Invalid request body", fieldErrorsByPath(result.error));
  }
  if (!result.success) {
    const flat = result.error.flatten();
    const first = flat.formErrors[0] ?? Object.values(flat.fieldErrors).flat()[0];
    throw apiError(400, typeof first === "string" ? first : "Invalid request body", flat.fieldErrors as FieldErrors);
  }
  return result.data;
}

/** Parses a numeric route parameter; a non-number is a 404, not a 500. */
export function idParam(value: string | undefined, what = "Resource"): number {
  const id = parseRouteId(value);
  if (id === null) throw apiError(404, `${what} not found`);
  return id;
}

export function methodNotAllowed(allowed: string[]) {
  return apiError(405, "Method not allowed", undefined, { headers: { Allow: allowed.join(", ") } });
}

/** An error class a model throws on purpose, carrying the status the API answers with. */
type RefusalClass = new (...args: never) => Error & { status: number };

/**
 * Runs a model call: a refusal of the given class becomes `{ message }` with
 * its status; anything else is a real failure and is rethrown.
 */
export async function answerRefusals<T>(Refusal: RefusalClass, run: () => T | Promise<T>): Promise<T | ReturnType<typeof apiError>> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal) return apiError(error.status, error.message);
    throw error;
  }
}
