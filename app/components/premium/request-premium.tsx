import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Send } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { PREMIUM_REQUEST_MESSAGE_MAX, PremiumRequestSchema } from "~/schemas/premium-request";
import { formatDate } from "~/utils/misc";

// "Request Premium" while online payments are off. Every form posts to
// /upgrade, whose action files the request (once per member) and comes back
// to /upgrade, which shows that the request is waiting.

export const REQUEST_PREMIUM_INTENT = "request-premium";

function useSubmitting() {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === REQUEST_PREMIUM_INTENT;
}

/** The one-button form shown beside "payments are not set up" on the portal, course and recordings pages. */
export function RequestPremiumButton() {
  const submitting = useSubmitting();
  return (
    <Form method="post" action="/upgrade">
      <Button type="submit" name="intent" value={REQUEST_PREMIUM_INTENT} variant="outline" size="sm" disabled={submitting}>
        <Send className="h-4 w-4" aria-hidden /> {submitting ? "Sending request..." : "Request Premium"}
      </Button>
    </Form>
  );
}

/** The note a member sees once their request is waiting. */
export function PremiumRequestPending({ createdAt }: { createdAt: string }) {
  return (
    <p className="text-sm" data-testid="premium-request-pending">
      {`You asked for Premium on ${formatDate(createdAt)}. An administrator will grant it soon; nothing more to do.`}
    </p>
  );
}

/** /upgrade's form: an optional note to the admins, then "Request Premium". */
export function RequestPremiumForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
  const navigation = useNavigation();
  const submitting = useSubmitting();
  const [form, fields] = useForm({
    id: "request-premium",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PremiumRequestSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-label="Request Premium">
      <FormErrors errors={form.errors} />
      <TextareaField
        label="A note for the administrators (optional)"
        errors={fields.message.errors}
        errorId={fields.message.errorId}
        textareaProps={{ ...getTextareaProps(fields.message), rows: 3, maxLength: PREMIUM_REQUEST_MESSAGE_MAX }}
      />
      <Button type="submit" name="intent" value={REQUEST_PREMIUM_INTENT} disabled={submitting}>
        <Send className="h-4 w-4" aria-hidden /> {submitting ? "Sending request..." : "Request Premium"}
      </Button>
    </Form>
  );
}
