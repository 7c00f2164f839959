import { z } from "zod";
import type { User } from "#db/schema";
import { approveGeneratedCaptions, CaptionError, deleteCaptions, generateCaptions, saveCaptions, type CaptionTarget } from "~/models/learning/captions.server";
import { CaptionFormSchema } from "~/schemas/captions";
import { redirectWithToast } from "~/utils/toast.server";

// The caption forms' one flow (issue 38), for the lesson captions page and
// /admin/recordings: each form posts an intent, a language and (to upload) a
// file; the answer is the page again with a toast saying what happened or
// which line of the file to fix. Works the same with JavaScript off.

export function isCaptionIntent(intent: FormDataEntryValue | null): boolean {
  return typeof intent === "string" && intent.endsWith("-captions");
}

export async function handleCaptionForm(form: FormData, viewer: User, target: CaptionTarget, back: string): Promise<Response> {
  const parsed = CaptionFormSchema.safeParse({
    intent: form.get("intent"),
    language: form.get("language") ?? undefined,
    label: form.get("label") ?? undefined,
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "The form could not be read";
    return await redirectWithToast(back, { type: "error", title: "Captions not saved", description: message });
  }
  const { intent, language, label } = parsed.data;
  try {
    switch (intent) {
      case "upload-captions": {
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0) {
          return await redirectWithToast(back, { type: "error", title: "Captions not saved", description: "Choose a .vtt or .srt file to upload." });
        }
        const saved = await saveCaptions(viewer, target, { language, label, file: new Uint8Array(await file.arrayBuffer()) });
        return await redirectWithToast(back, {
          type: "success",
          title: saved.created ? "Captions uploaded" : "Captions replaced",
          description: `${saved.captions.label}: ${saved.captions.cues.length} cues.`,
        });
      }
      case "delete-captions":
        await deleteCaptions(viewer, target, language);
        return await redirectWithToast(back, { type: "success", title: "Captions deleted" });
      case "approve-captions":
        await approveGeneratedCaptions(viewer, target, language);
        return await redirectWithToast(back, { type: "success", title: "Captions saved", description: "They are no longer marked as generated." });
      case "generate-captions": {
        const saved = await generateCaptions(viewer, target, language);
        return await redirectWithToast(back, {
          type: "success",
          title: "Captions generated",
          description: `${saved.captions.cues.length} cues. Read them through, then save them.`,
        });
      }
    }
  } catch (error) {
    if (!(error instanceof CaptionError)) throw error;
    const title = intent === "generate-captions" ? "Captions not generated" : intent === "delete-captions" ? "Captions not deleted" : "Captions not saved";
    return await redirectWithToast(back, { type: "error", title, description: error.message });
  }
}

export const CaptionTargetIdSchema = z.coerce.number().int().positive();
