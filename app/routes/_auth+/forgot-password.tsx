import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MailQuestion } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { requestPasswordResetEmail } from "~/models/accounts/password-reset.server";
import { ForgotPasswordSchema } from "~/schemas/password-reset";
import { readForm } from "~/utils/form-data.server";
import { isEmailConfigured } from "~/utils/mailer.server";
import { publicOrigin } from "~/utils/misc.server";
import { TooManyRequestsError } from "~/models/platform/rate-limit.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Forgot password — Mystic Academy" }];

// A document answer takes its headers from here: carry the action's Retry-After onto it.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return json({ emailEnabled: isEmailConfigured(), sent });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!isEmailConfigured()) return json({ result: null, emailEnabled: false }, { status: 503 });
  const submission = parseWithZod(await readForm(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), emailEnabled: true }, { status: 400 });
  const origin = publicOrigin(request);
  try {
    await requestPasswordResetEmail({ identifier: submission.value.identifier, ip: context.clientIp, origin });
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
    return json(
      { result: submission.reply({ formErrors: [error.message] }), emailEnabled: true },
      { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  // One answer for every name, known or not, with an email or without.
  return redirect("/forgot-password?sent=1");
}

function AskAnAdministrator() {
  return (
    <p className="mt-4 text-sm">
      An administrator can make a single-use reset link for your account from the member directory and pass it on to
      you. It works for 1 hour.
    </p>
  );
}

export default function ForgotPasswordPage() {
  const { emailEnabled: loadedEmailEnabled, sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const emailEnabled = actionData?.emailEnabled ?? loadedEmailEnabled;
  const [form, fields] = useForm<{ identifier: string }>({
    id: "forgot-password-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card glow">
        <div className="mb-6 text-center">
          <MailQuestion className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <h1 className="mt-3 font-display text-3xl">Forgot your password?</h1>
        </div>

        {!emailEnabled ? (
          <div role="status" data-testid="reset-by-admin-only">
            <p>This academy does not send email, so a password cannot be reset from here.</p>
            <AskAnAdministrator />
          </div>
        ) : sent ? (
          <div role="status" data-testid="reset-requested">
            <p>
              If an account matches what you entered and has an email address, we have sent a link to choose a new
              password. The link works once, for 1 hour.
            </p>
            <p className="mt-4 text-sm">
              No email after a few minutes? Check your spam folder. If your account has no email address, ask an
              administrator for a reset link instead.
            </p>
            <p className="mt-4 text-sm">
              <AppLink to="/forgot-password" className="underline">
                Try again
              </AppLink>
            </p>
          </div>
        ) : (
          <>
            <p className="mb-4 text-sm opacity-80">
              Enter your username or the email address on your account. If it has an email address, we will send a
              link to choose a new password.
            </p>
            <Form method="post" {...getFormProps(form)} className="space-y-4">
              <FormErrors errors={form.errors} />
              <Field
                label="Username or email"
                errors={fields.identifier.errors}
                inputProps={{ ...getInputProps(fields.identifier, { type: "text" }), autoComplete: "username", autoFocus: true }}
              />
              <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
                {navigation.state !== "idle" ? "Please wait..." : "Send reset link"}
              </Button>
            </Form>
            <p className="mt-6 text-sm opacity-80">No email address on your account?</p>
            <AskAnAdministrator />
          </>
        )}

        <p className="mt-6 text-center text-sm">
          <AppLink to="/login" className="underline">
            Back to sign in
          </AppLink>
        </p>
      </div>
    </div>
  );
}
