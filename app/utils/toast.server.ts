import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { CHIME_KINDS } from "~/utils/chimes";
import { env } from "~/utils/env.server";
import { combineHeaders } from "~/utils/headers.server";

export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["message", "success", "error"]).default("message"),
  // A success worth a sound (played only if the member's sound effects are on).
  chime: z.enum(CHIME_KINDS).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

// Toasts ride in their own short-lived cookie so they survive a redirect, with
// or without JavaScript, and never touch the database.
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "academy_toast",
    sameSite: "lax",
    path: "/",
    httpOnly: true,
    secrets: [env.SESSION_SECRET],
  },
});

export async function createToastHeaders(toast: ToastInput): Promise<Headers> {
  const session = await toastStorage.getSession();
  session.flash("toast", ToastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await toastStorage.commitSession(session) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  return redirect(url, {
    ...init,
    headers: combineHeaders(init?.headers, await createToastHeaders(toast)),
  });
}

export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("academy_toast")) return { toast: null, headers: null };
  const session = await toastStorage.getSession(cookie);
  const result = ToastSchema.safeParse(session.get("toast"));
  return {
    toast: result.success ? result.data : null,
    headers: new Headers({ "Set-Cookie": await toastStorage.destroySession(session) }),
  };
}
