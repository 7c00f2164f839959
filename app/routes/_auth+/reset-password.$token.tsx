import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { KeyRound } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { inspectResetLink, resetPasswordWithToken, type ResetLinkState } from "~/models/accounts/password-reset.server";
import { CommonPasswordError } from "~/models/accounts/user.server";
import { ResetPasswordSchema } from "~/schemas/password-reset";
import { readForm } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [
  { title: "Choose a new password — Mystic Academy" },
  // The address is a secret: keep it out of Referer headers and search engines.
  { name: "referrer", content: "same-origin" },
  { name: "robots", content: "noindex" },
];

// The page names the account and its address is a secret: no cache (the
// browser's back button, a shared proxy) may keep it. The loader's headers
// only reach data requests; a document answer takes its headers from here.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

type DeadLinkState = Exclude<ResetLinkState, "usable">;

// Gone for links that existed (the member should ask again), not found otherwise.
const DEAD_LINK_STATUS: Record<DeadLinkState, number> = { expired: 410, used: 410, unknown: 404 };

function deadLink(state: DeadLinkState) {
  return json({ state, username: null, result: null }, { status: DEAD_LINK_STATUS[state], headers: { "Cache-Control": "no-store" } });
}

export async function loader({ params }: LoaderFunctionArgs) {
  const link = await inspectResetLink(params.token ?? "");
  if (link.state !== "usable") return deadLink(link.state);
  return json({ state: link.state, username: link.user.username, result: null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const submission = parseWithZod(await readForm(request), { schema: ResetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return json({ state: "usable" as const, result: submission.reply({ hideFields }) }, { status: 400 });
  try {
    const outcome = await resetPasswordWithToken(token, submission.value.password);
    if (!outcome.ok) return deadLink(outcome.state);
  } catch (error) {
    if (!(error instanceof CommonPasswordError)) throw error;
    return json(
      { state: "usable" as const, result: submission.reply({ hideFields, fieldErrors: { password: [error.message] } }) },
      { status: 400 },
    );
  }
  return await redirectWithToast("/login", {
    type: "success",
    title: "Password changed",
    description: "Sign in with your new password. You were signed out everywhere else.",
  });
}

const DEAD_LINK_COPY: Record<DeadLinkState, { title: string; body: string }> = {
  expired: { title: "This reset link has expired", body: "Reset links work for 1 hour." },
  used: { title: "This reset link has already been used", body: "Each reset link works once." },
  unknown: { title: "This reset link is not valid", body: "Check that you opened the whole link from your email." },
};

export default function ResetPasswordPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const state = actionData?.state ?? loaded.state;
  const [form, fields] = useForm<{ password: string; confirmPassword: string }>({
    id: "reset-password-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  });

  if (state !== "usable") {
    const copy = DEAD_LINK_COPY[state];
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <div className="card glow" role="alert" data-testid="reset-link-dead">
          <h1 className="font-display text-3xl">{copy.title}</h1>
          <p className="mt-3">{copy.body}</p>
          <p className="mt-3 text-sm">
            <AppLink to="/forgot-password" className="underline">
              Ask for a new link
            </AppLink>{" "}
            or ask an administrator to make one for you.
          </p>
          <p className="mt-6 text-sm">
            <AppLink to="/login" className="underline">
              Back to sign in
            </AppLink>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card glow">
        <div className="mb-6 text-center">
          <KeyRound className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <h1 className="mt-3 font-display text-3xl">Choose a new password</h1>
          {loaded.username ? (
            <p className="mt-2 text-sm opacity-80">
              For the account <strong>{loaded.username}</strong>. Every device signed in to it will be signed out.
            </p>
          ) : null}
        </div>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormErrors errors={form.errors} />
          {/* Lets password managers file the new password under the right account. */}
          {loaded.username ? <input type="hidden" name="username" autoComplete="username" value={loaded.username} /> : null}
          <Field
            label="New password"
            errors={fields.password.errors}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", autoFocus: true }}
          />
          <Field
            label="Confirm new password"
            errors={fields.confirmPassword.errors}
            inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          />
          <p className="text-sm opacity-80">At least 12 characters; common passwords are refused.</p>
          <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? "Please wait..." : "Set new password"}
          </Button>
        </Form>
      </div>
    </div>
  );
}
