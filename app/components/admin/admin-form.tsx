import { getFormProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { FormNotice, type Notice } from "~/components/admin/notice";
import { buttonClasses } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { cn } from "~/utils/misc";

// The shell the admin's create/edit forms share (courses, lessons, articles,
// forum categories, templates, conferences): a plain form posted to the
// page's own action, so it works without JavaScript; with it, conform checks
// the fields with the form's zod schema before anything is sent.

/** What an admin page's action answers when it does not redirect: the form's errors, and a notice for it. */
export interface AdminFormReply {
  result: SubmissionResult<string[]>;
  notice?: Notice | null;
}

/** What every admin form is given besides its record: the action's answer, and where Cancel goes. */
export interface AdminFormProps {
  reply: AdminFormReply | null | undefined;
  closeTo: string;
}

/**
 * conform's useForm as every admin form uses it. Checked when sent, then as
 * the admin types: errors appearing on blur would move the buttons under the
 * pointer and swallow the click. The last result is shown only once the
 * submission has settled, so a stale one never flashes while a new one is sent.
 */
export function useAdminForm<Schema extends z.ZodTypeAny>({
  id,
  schema,
  reply,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  reply: AdminFormReply | null | undefined;
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const navigation = useNavigation();
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: navigation.state === "idle" ? reply?.result : undefined,
    defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** True while this page posts a form whose submit button carried `intent`. */
export function useSubmittingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * The form around an admin form's fields: its notice and form-level errors on
 * top, the id of the record being edited, and Cancel (a link back to
 * `closeTo`) beside the submit button at the bottom.
 */
export function AdminForm({
  form,
  reply,
  record,
  errorsTitle,
  multipart = false,
  preventScrollReset,
  closeTo,
  submit,
  divided = false,
  children,
}: {
  form: FormMetadata;
  /** The action's answer: its notice is shown above the fields. */
  reply: AdminFormReply | null | undefined;
  /** The hidden id field of the record being edited (none when creating). */
  record?: { name: string; id: number } | null;
  errorsTitle?: string;
  /** Posts multipart/form-data: the form carries a file. */
  multipart?: boolean;
  preventScrollReset?: boolean;
  closeTo: string;
  submit: { label: string; intent?: string; pendingLabel?: string; busy?: boolean };
  /** A rule above the buttons, for a long form. */
  divided?: boolean;
  children: ReactNode;
}) {
  const { label, intent = "save", pendingLabel = "Saving...", busy = false } = submit;
  const pending = useSubmittingIntent(intent);
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      preventScrollReset={preventScrollReset}
      {...getFormProps(form)}
      className="space-y-4"
    >
      <FormNotice notice={reply?.notice} />
      {record ? <input type="hidden" name={record.name} value={record.id} /> : null}
      <FormErrors errors={form.errors} title={errorsTitle} />
      {children}
      <div className={cn("flex justify-end gap-2", divided ? "border-t border-primary/20 pt-4" : "pt-2")}>
        <Link to={closeTo} preventScrollReset className={buttonClasses("ghost")}>
          Cancel
        </Link>
        <button type="submit" name="intent" value={intent} className={buttonClasses("primary")} disabled={pending || busy}>
          {pending ? pendingLabel : label}
        </button>
      </div>
    </Form>
  );
}
