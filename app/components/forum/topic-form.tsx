import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, FormErrors, inputClasses } from "~/components/ui/field";
import { MentionTextarea } from "~/components/forum/mention-textarea";
import { TITLE_MAX, TOPIC_BODY_MAX, TopicSchema } from "~/schemas/forum";

/**
 * Starts a topic: either in a fixed category (hidden field) or in one picked
 * from `categories`. Posts to the page's own action, so it works without JavaScript.
 */
export function TopicForm({
  lastResult,
  categoryId,
  categories,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  categoryId?: number;
  categories?: Array<{ id: number; name: string; permission: string }>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "topic-form",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: categoryId ? { categoryId: String(categoryId) } : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TopicSchema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-topic";
  const chosenCategory = Number(fields.categoryId.value) || categoryId || null;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrors errors={form.errors} title={form.errors?.length ? "Missing Information" : null} />
      {categories ? (
        <div>
          <label htmlFor={fields.categoryId.id} className="mb-1 block text-sm font-medium">
            Category
          </label>
          <select {...getSelectProps(fields.categoryId)} className={inputClasses}>
            <option value="">Choose a category…</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
                {category.permission === "advanced" ? " (Premium)" : ""}
              </option>
            ))}
          </select>
          <ErrorList id={fields.categoryId.errorId} errors={fields.categoryId.errors} />
        </div>
      ) : (
        <input {...getInputProps(fields.categoryId, { type: "hidden" })} />
      )}
      <Field
        label="Title"
        errors={fields.title.errors}
        inputProps={{ ...getInputProps(fields.title, { type: "text" }), maxLength: TITLE_MAX, placeholder: "What would you like to discuss?" }}
      />
      <div>
        <label htmlFor={fields.content.id} className="mb-1 block text-sm font-medium">
          Content
        </label>
        <MentionTextarea
          // Suggestions follow the category chosen: members who may read it.
          scope={chosenCategory ? { categoryId: chosenCategory } : null}
          {...getTextareaProps(fields.content)}
          rows={8}
          maxLength={TOPIC_BODY_MAX}
          className={inputClasses}
          placeholder="Share your thoughts. Markdown is supported."
        />
        <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
      </div>
      <Button type="submit" name="intent" value="create-topic" disabled={submitting}>
        {submitting ? "Creating…" : "Create Topic"}
      </Button>
    </Form>
  );
}
