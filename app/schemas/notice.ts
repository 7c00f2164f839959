import type { Toast } from "~/utils/toast.server";

/** A message an action answers without redirecting (shown as a toast with JavaScript, in the form without). */
export type Notice = Pick<Toast, "type" | "title" | "description">;
