import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { ErrorList, FormErrors, inputClasses } from "~/components/ui/field";
import { MentionTextarea } from "~/components/forum/mention-textarea";
import { REPLY_BODY_MAX, ReplyFormSchema } from "~/schemas/forum";

export function ReplyForm({ lastResult, topicId }: { lastResult: SubmissionResult<string[]> | null | undefined; topicId: number }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reply-form",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReplyFormSchema }),
  });
  // Each read of fields.content builds conform's metadata afresh: read it once (it is on every topic page).
  const content = fields.content;
  // Spec: the button is disabled while the reply is empty (only once JavaScript runs).
  const [draft, setDraft] = useState<string | null>(null);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-label="Post a reply">
      <FormErrors errors={form.errors} />
      <label htmlFor={content.id} className="block text-sm font-medium">
        Your reply
      </label>
      <MentionTextarea
        scope={{ topicId }}
        {...getTextareaProps(content)}
        rows={5}
        maxLength={REPLY_BODY_MAX}
        className={inputClasses}
        placeholder="Write a reply. Markdown is supported."
        onChange={(event) => setDraft(event.currentTarget.value)}
      />
      <ErrorList id={content.errorId} errors={content.errors} />
      <Button type="submit" name="intent" value="reply" disabled={submitting || (draft !== null && draft.trim() === "")}>
        {submitting ? "Posting…" : "Post Reply"}
      </Button>
    </Form>
  );
}
