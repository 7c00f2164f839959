import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { ErrorList, Field, FormErrors, inputClasses } from "~/components/ui/field";
import { REPLY_BODY_MAX, ReplyEditSchema, TITLE_MAX, TOPIC_BODY_MAX, TopicEditSchema } from "~/schemas/forum";
import { formatDateTime } from "~/utils/misc";

type LastResult = SubmissionResult<string[]> | null | undefined;

/**
 * The author's edit form, shown in place of the post at ?edit=topic or
 * ?edit=reply-{id}, so it is rendered by the server and works without JavaScript.
 */
export function TopicEditForm({ topic, lastResult, cancelTo }: { topic: { title: string; content: string }; lastResult: LastResult; cancelTo: string }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "topic-edit-form",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: topic,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TopicEditSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" aria-label="Edit topic">
      <FormErrors errors={form.errors} />
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), maxLength: TITLE_MAX }} />
      <div>
        <label htmlFor={fields.content.id} className="mb-1 block text-sm font-medium">
          Content
        </label>
        <textarea {...getTextareaProps(fields.content)} rows={8} maxLength={TOPIC_BODY_MAX} className={inputClasses} />
        <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
      </div>
      <SaveOrCancel intent="edit-topic" cancelTo={cancelTo} />
    </Form>
  );
}

export function ReplyEditForm({ reply, lastResult, cancelTo }: { reply: { id: number; content: string }; lastResult: LastResult; cancelTo: string }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `reply-edit-form-${reply.id}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { content: reply.content },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReplyEditSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3" aria-label="Edit reply">
      <FormErrors errors={form.errors} />
      <input type="hidden" name="replyId" value={reply.id} />
      <label htmlFor={fields.content.id} className="block text-sm font-medium">
        Your reply
      </label>
      <textarea {...getTextareaProps(fields.content)} rows={5} maxLength={REPLY_BODY_MAX} className={inputClasses} />
      <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
      <SaveOrCancel intent="edit-reply" cancelTo={cancelTo} />
    </Form>
  );
}

function SaveOrCancel({ intent, cancelTo }: { intent: string; cancelTo: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" name="intent" value={intent} disabled={saving}>
        {saving ? "Saving…" : "Save Changes"}
      </Button>
      <Link to={cancelTo} preventScrollReset className={buttonClasses("ghost")}>
        Cancel
      </Link>
    </div>
  );
}

/** The discreet "edited" mark, with the time of the last edit. */
export function EditedMark({ editedAt }: { editedAt: string | null }) {
  if (!editedAt) return null;
  return (
    <span className="text-xs opacity-70" data-testid="edited-mark">
      {" "}
      · edited{" "}
      <time dateTime={editedAt}>{formatDateTime(editedAt)}</time>
    </span>
  );
}
