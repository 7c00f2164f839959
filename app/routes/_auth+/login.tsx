import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { KeyRound, UserPlus } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { ENROLL_AFTER_LOGIN_KEY } from "~/components/enroll-button";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { createCaptcha } from "~/models/accounts/captcha.server";
import { CERTIFICATE_NAME_MAX, LoginSchema, RegisterFormSchema } from "~/schemas/auth";
import {
  attemptRegistration,
  authenticateForm,
  createUserSession,
  getOptionalUser,
  homeFor,
  type AuthRefusal,
} from "~/services/auth.server";
import { combineHeaders } from "~/utils/headers.server";
import { sanitizeRedirect } from "~/utils/redirect";
import { createToastHeaders } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Sign in — Mystic Academy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const url = new URL(request.url);
  if (user) return redirect(sanitizeRedirect(url.searchParams.get("redirect"), homeFor(user)));
  return json({ captcha: createCaptcha() }, { headers: { "Cache-Control": "no-store" } });
}

/** After sign-in: a saved enrol-after-login course, else a safe redirect, else by role. */
function destinationAfterLogin(formData: FormData, user: { role: "student" | "instructor" | "admin" }): string {
  const courseId = String(formData.get("enrollCourseId") ?? "");
  if (/^\d{1,9}$/.test(courseId)) return `/course/${courseId}`;
  return sanitizeRedirect(formData.get("redirectTo"), homeFor(user));
}

const SECRET_FIELDS = ["password", "confirmPassword", "captchaAnswer", "captchaToken"];

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth's strategy reads the form itself, so keep the body unread.
  const formData = await readForm(request.clone());
  const registering = formData.get("intent") === "register";
  const submission = parseWithZod(formData, { schema: registering ? RegisterFormSchema : LoginSchema });

  const refuse = (refusal: AuthRefusal | null) =>
    json(
      {
        result: submission.reply({
          hideFields: SECRET_FIELDS,
          ...(refusal ? { formErrors: [refusal.message] } : {}),
        }),
        refusal,
        captcha: createCaptcha(),
      },
      {
        status: refusal?.status ?? 400,
        headers: refusal?.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined,
      },
    );

  if (submission.status !== "success") {
    const mismatch = submission.error?.confirmPassword?.some((m) => m.startsWith("Passwords do not match"));
    return refuse(mismatch ? { status: 400, title: "Password Mismatch", message: "Passwords do not match. Please try again." } : null);
  }

  const { username, password, captchaToken, captchaAnswer } = submission.value;
  const email = "email" in submission.value ? submission.value.email : undefined;
  const certificateName = "certificateName" in submission.value ? submission.value.certificateName : undefined;
  const credentials = { username, password, captchaToken, captchaAnswer, email, certificateName };
  const outcome = registering
    ? await attemptRegistration(credentials, context.clientIp)
    : await authenticateForm(request, formData, credentials, context);
  if (!outcome.ok) return refuse(outcome.refusal);

  const sessionHeaders = await createUserSession(request, outcome.user);
  const toastHeaders = await createToastHeaders(
    registering
      ? { type: "success", title: "Welcome to the Academy", description: "Your student account is ready." }
      : { type: "success", title: "Welcome back", description: `Signed in as ${outcome.user.username}.` },
  );
  return redirect(destinationAfterLogin(formData, outcome.user), {
    headers: combineHeaders(sessionHeaders, toastHeaders),
  });
}

export default function LoginPage() {
  const { captcha: loadedCaptcha } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const registering = searchParams.get("mode") === "register";
  const redirectTo = searchParams.get("redirect") ?? "";
  const captcha = actionData?.captcha ?? loadedCaptcha;
  const enrollRef = useRef<HTMLInputElement>(null);

  const [form, fields] = useForm<{
    username: string;
    password: string;
    confirmPassword?: string;
    email?: string;
    certificateName?: string;
    captchaToken: string;
    captchaAnswer: number;
  }>({
    id: registering ? "register-form" : "login-form",
    lastResult: actionData?.result,
    // Checking on submit (not on blur) keeps the toggle link from jumping
    // under the pointer when the empty, focused username field loses focus.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registering ? RegisterFormSchema : LoginSchema }),
  });

  useEffect(() => {
    if (actionData?.refusal) {
      showToast({ type: "error", title: actionData.refusal.title, description: actionData.refusal.message });
    }
  }, [actionData]);

  const toggleHref = (mode: "login" | "register") => {
    const params = new URLSearchParams();
    if (mode === "register") params.set("mode", "register");
    if (redirectTo) params.set("redirect", redirectTo);
    const query = params.toString();
    return query ? `/login?${query}` : "/login";
  };
  const busy = navigation.state !== "idle";

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card glow">
        <div className="mb-6 text-center">
          {registering ? (
            <UserPlus className="mx-auto h-10 w-10 text-accent" aria-hidden />
          ) : (
            <KeyRound className="mx-auto h-10 w-10 text-accent" aria-hidden />
          )}
          <h1 className="mt-3 font-display text-3xl">{registering ? "Create your student account" : "Welcome back"}</h1>
          <p className="mt-2 text-sm opacity-80">
            {registering ? "Join the Academy and begin your training." : "Sign in to continue your studies."}
          </p>
        </div>

        <Form
          method="post"
          {...getFormProps(form)}
          className="space-y-4"
          onSubmit={(event) => {
            form.onSubmit(event);
            if (event.defaultPrevented) return;
            // Spec §4: a course saved before signing in opens right after it.
            const saved = window.localStorage.getItem(ENROLL_AFTER_LOGIN_KEY);
            if (saved && enrollRef.current) {
              enrollRef.current.value = saved;
              window.localStorage.removeItem(ENROLL_AFTER_LOGIN_KEY);
            }
          }}
        >
          <input type="hidden" name="intent" value={registering ? "register" : "login"} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="enrollCourseId" ref={enrollRef} defaultValue="" />
          <input type="hidden" name="captchaToken" value={captcha.token} />

          <FormErrors errors={form.errors} title={actionData?.refusal?.title} />

          <Field
            label="Username"
            errors={fields.username.errors}
            inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username", autoFocus: true }}
          />
          {registering ? (
            <Field
              label="Email (optional)"
              errors={fields.email.errors}
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            />
          ) : null}
          {registering ? (
            <Field
              label="Name on certificates (optional)"
              hint="Your full name as it should appear on your course certificates. Left blank, your display name is used."
              errors={fields.certificateName.errors}
              inputProps={{ ...getInputProps(fields.certificateName, { type: "text" }), autoComplete: "name", maxLength: CERTIFICATE_NAME_MAX }}
            />
          ) : null}
          <Field
            label="Password"
            errors={fields.password.errors}
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              autoComplete: registering ? "new-password" : "current-password",
            }}
          />
          {registering ? null : (
            <p className="-mt-2 text-right text-sm">
              <AppLink to="/forgot-password" className="underline">
                Forgot password?
              </AppLink>
            </p>
          )}
          {registering ? (
            <Field
              label="Confirm Password"
              errors={fields.confirmPassword.errors}
              inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
            />
          ) : null}
          <Field
            key={captcha.token}
            label={`Security check: ${captcha.question}`}
            errors={fields.captchaAnswer.errors}
            inputProps={{
              ...getInputProps(fields.captchaAnswer, { type: "number" }),
              inputMode: "numeric",
              autoComplete: "off",
            }}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Please wait..." : registering ? "Register" : "Login"}
          </Button>
        </Form>

        <p className="mt-6 text-center text-sm">
          {registering ? (
            <Link to={toggleHref("login")} className="underline">
              Already have an account? Login here
            </Link>
          ) : (
            <Link to={toggleHref("register")} className="underline">
              New to the University? Register as a Student
            </Link>
          )}
        </p>
        <p className="mt-3 text-center text-sm">
          <AppLink to="/" className="opacity-80 hover:underline">
            ← Back to home
          </AppLink>
        </p>
      </div>
    </div>
  );
}
