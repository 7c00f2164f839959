import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CalendarDays, Copy, Download, KeyRound, Link2Off, LogOut, RefreshCw, Trash2, UserRound } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { PageErrorBoundary, StatusPanel } from "~/components/error-boundary";
import { showToast } from "~/components/toaster";
import { Button, buttonClasses } from "~/components/ui/button";
import { BoundTextarea, Field, FormErrors } from "~/components/ui/field";
import {
  AccountRefusal,
  changePassword,
  deleteAccount,
  getAccountProfile,
  PasswordGuessesSpent,
  signOutEverywhere,
  updateProfile,
  type AccountRequester,
} from "~/models/accounts/account.server";
import { feedPath, getFeedToken, resetFeedToken, revokeFeedToken } from "~/models/learning/calendar.server";
import { CERTIFICATE_NAME_MAX, ChangePasswordFormSchema, DeleteAccountSchema, FORMER_MEMBER, ProfileSchema } from "~/schemas/account";
import { homeFor, logout, requireUser } from "~/services/auth.server";
import { readForm } from "~/utils/form-data.server";
import { publicOrigin, PUBLIC_URL_MISSING } from "~/utils/misc.server";
import { getSession } from "~/models/accounts/session.server";
import { redirectWithToast } from "~/utils/toast.server";

// The member's account settings: profile and email, password, signing out
// everywhere, a copy of their data, deleting the account (rules in
// app/models/accounts/account.server.ts, shared with /api/user/*), and the secret
// address of their personal calendar feed of upcoming live sessions.

export const meta: MetaFunction = () => [{ title: "Account Settings — Mystic Academy" }];

// A document answer takes its headers from here: carry a refusal's Retry-After onto it.
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const CALENDAR_INTENTS = ["create-calendar-link", "reset-calendar-link", "stop-calendar-link"] as const;
const ACCOUNT_INTENTS = ["profile", "password", "sign-out-everywhere", "delete-account"] as const;
const IntentSchema = z.object({ intent: z.enum([...CALENDAR_INTENTS, ...ACCOUNT_INTENTS]) });
type AccountFormIntent = "profile" | "password" | "delete-account";
const SECRET_FIELDS = ["currentPassword", "newPassword", "confirmNewPassword", "password"];

interface FeedAddresses {
  url: string | null;
  webcal: string | null;
  /** Why no address can be shown (the academy's public address is not configured). */
  problem: string | null;
}

function feedAddresses(request: Request, token: string): FeedAddresses {
  let origin: string;
  try {
    origin = publicOrigin(request);
  } catch (error) {
    if (error instanceof Response) return { url: null, webcal: null, problem: PUBLIC_URL_MISSING };
    throw error;
  }
  const url = `${origin}${feedPath(token)}`;
  return { url, webcal: url.replace(/^https?:\/\//, "webcal://"), problem: null };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const token = await getFeedToken(user.id);
  return json({ feed: token ? feedAddresses(request, token) : null, home: homeFor(user), profile: getAccountProfile(user) });
}

/** A form's answer when validation or the account rules refused it (status 400, 403 or 409). */
function refuseForm(intent: AccountFormIntent, result: SubmissionResult<string[]>, status: number) {
  return json({ intent, result }, { status });
}

/**
 * Too many wrong passwords: the session has ended, so the settings cannot be
 * shown again. Thrown, so the page's error boundary shows the message and
 * only the loaders above it (the root's, which asks nobody to sign in) run.
 */
async function signedOutForGuessing(request: Request, refusal: PasswordGuessesSpent): Promise<Response> {
  const headers = await logout(request);
  headers.set("Retry-After", String(refusal.retryAfterSeconds));
  return json({ message: refusal.message }, { status: refusal.status, headers });
}

/** Runs an account change; a refusal is shown on the form (on its field when it names one). */
async function runAccountForm<S extends z.ZodTypeAny>(
  request: Request,
  formData: FormData,
  intent: AccountFormIntent,
  schema: S,
  change: (value: z.output<S>) => Promise<Response>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return refuseForm(intent, submission.reply({ hideFields: SECRET_FIELDS }), 400);
  try {
    return await change(submission.value);
  } catch (error) {
    if (!(error instanceof AccountRefusal)) throw error;
    if (error instanceof PasswordGuessesSpent) throw await signedOutForGuessing(request, error);
    const reply = error.field
      ? submission.reply({ hideFields: SECRET_FIELDS, fieldErrors: { [error.field]: [error.message] } })
      : submission.reply({ hideFields: SECRET_FIELDS, formErrors: [error.message] });
    return refuseForm(intent, reply, error.status);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await readForm(request);
  const from: AccountRequester = { sessionId: (await getSession(request, context)).id || null, ip: context.clientIp };
  const parsed = IntentSchema.safeParse({ intent: formData.get("intent") });
  if (!parsed.success) return json({ message: "Unknown action." }, { status: 400 });
  switch (parsed.data.intent) {
    case "profile":
      return runAccountForm(request, formData, "profile", ProfileSchema, async (value) => {
        // The form always carries the field: blank clears it (the display name is used then).
        await updateProfile(user.id, { ...value, certificateName: value.certificateName ?? null });
        return await redirectWithToast("/settings", { type: "success", title: "Profile saved", description: "Your details are up to date." });
      });
    case "password":
      return runAccountForm(request, formData, "password", ChangePasswordFormSchema, async (value) => {
        await changePassword(user.id, from, value);
        return await redirectWithToast("/settings", {
          type: "success",
          title: "Password changed",
          description: "Every other device signed in to your account has been signed out.",
        });
      });
    case "sign-out-everywhere":
      await signOutEverywhere(user.id);
      return await redirectWithToast(
        "/login",
        { type: "success", title: "Signed out everywhere", description: "Every device, this one included, has been signed out." },
        { headers: await logout(request) },
      );
    case "delete-account":
      return runAccountForm(request, formData, "delete-account", DeleteAccountSchema, async (value) => {
        await deleteAccount(user.id, from, value.password);
        return await redirectWithToast(
          "/",
          { type: "success", title: "Account deleted", description: "Your account and personal data have been removed." },
          { headers: await logout(request) },
        );
      });
    case "create-calendar-link":
      // Creating twice keeps the first address: only Reset replaces it.
      if (await getFeedToken(user.id) === null) await resetFeedToken(user.id);
      return await redirectWithToast("/settings", {
        type: "success",
        title: "Calendar link created",
        description: "Add it to your calendar app to see upcoming live sessions.",
      });
    case "reset-calendar-link":
      await resetFeedToken(user.id);
      return await redirectWithToast("/settings", {
        type: "success",
        title: "Calendar link reset",
        description: "The old link no longer works. Give your calendar app the new one.",
      });
    case "stop-calendar-link":
      await revokeFeedToken(user.id);
      return await redirectWithToast("/settings", {
        type: "success",
        title: "Calendar sharing stopped",
        description: "Your calendar link no longer works.",
      });
  }
}

function IntentButton({ intent, variant, children }: { intent: (typeof CALENDAR_INTENTS)[number] | "sign-out-everywhere"; variant: "primary" | "outline" | "destructive"; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={buttonClasses(variant)} disabled={busy}>
        {children}
      </button>
    </Form>
  );
}

function CopyFeedButton({ url }: { url: string }) {
  const hydrated = useHydrated();
  // Copying needs the clipboard API: without JavaScript the field can be selected by hand.
  if (!hydrated) return null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: "success", title: "Link Copied", description: "Paste it into your calendar app." });
    } catch {
      showToast({ type: "error", title: "Copy failed", description: "Select the address and copy it by hand." });
    }
  }
  return (
    <button type="button" className={buttonClasses("outline", undefined, "icon")} onClick={() => void copy()} aria-label="Copy calendar link">
      <Copy className="h-4 w-4" aria-hidden />
    </button>
  );
}

/** The last answer of the action for one form, while nothing is being submitted. */
function useLastResult(intent: AccountFormIntent) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  if (navigation.state !== "idle" || !actionData || !("intent" in actionData) || actionData.intent !== intent) return undefined;
  return actionData.result;
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function SectionTitle({ id, icon, children }: { id: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      {icon}
      <h2 id={id} className="font-display text-2xl">
        {children}
      </h2>
    </div>
  );
}

function ProfileSection({
  profile,
}: {
  profile: { username: string; name: string | null; firstName: string | null; email: string | null; bio: string | null; certificateName: string | null; showsBio: boolean };
}) {
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult: useLastResult("profile"),
    defaultValue: {
      name: profile.name ?? "",
      firstName: profile.firstName ?? "",
      email: profile.email ?? "",
      bio: profile.bio ?? "",
      certificateName: profile.certificateName ?? "",
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
  });
  const busy = useBusy("profile");
  return (
    <section className="card mt-8 space-y-4" aria-labelledby="profile-title" data-testid="profile-settings">
      <SectionTitle id="profile-title" icon={<UserRound className="h-6 w-6 text-accent" aria-hidden />}>
        Profile
      </SectionTitle>
      <p className="opacity-85">
        You sign in as <strong>{profile.username}</strong>. Your email is private: other members never see it.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="profile" />
        <FormErrors errors={form.errors} />
        <Field label="Display name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
        <Field
          label="Name on certificates"
          hint="Your full name as your course certificates show it. Left blank, your display name is used. Changing it updates the certificates you have (same number, marked as reissued)."
          errors={fields.certificateName.errors}
          inputProps={{
            ...getInputProps(fields.certificateName, { type: "text" }),
            autoComplete: "name",
            maxLength: CERTIFICATE_NAME_MAX,
            // Shows what blank means: the name the certificates carry then.
            placeholder: profile.name?.trim() || profile.username,
          }}
        />
        <Field
          label="First name"
          errors={fields.firstName.errors}
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
        />
        <Field label="Email (optional)" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
        {profile.showsBio ? (
          <BoundTextarea label="Short bio" meta={fields.bio} rows={3} hint="Shown with your name on the courses you teach (up to 500 characters)." />
        ) : (
          // Kept as it is: a student's profile form does not show it.
          <input type="hidden" name="bio" value={profile.bio ?? ""} />
        )}
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save profile"}
        </Button>
      </Form>
    </section>
  );
}

function PasswordSection() {
  const [form, fields] = useForm({
    id: "password-form",
    lastResult: useLastResult("password"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordFormSchema }),
  });
  const busy = useBusy("password");
  return (
    <section className="card mt-8 space-y-4" aria-labelledby="password-title" data-testid="password-settings">
      <SectionTitle id="password-title" icon={<KeyRound className="h-6 w-6 text-accent" aria-hidden />}>
        Password
      </SectionTitle>
      <p className="opacity-85">At least 12 characters. Changing it signs out every other device signed in to your account; this one stays signed in.</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="password" />
        <FormErrors errors={form.errors} />
        <Field
          label="Current password"
          errors={fields.currentPassword.errors}
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
        />
        <Field
          label="New password"
          errors={fields.newPassword.errors}
          inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
        />
        <Field
          label="Confirm new password"
          errors={fields.confirmNewPassword.errors}
          inputProps={{ ...getInputProps(fields.confirmNewPassword, { type: "password" }), autoComplete: "new-password" }}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Changing..." : "Change password"}
        </Button>
      </Form>
    </section>
  );
}

function SessionsAndDataSection() {
  return (
    <section className="card mt-8 space-y-4" aria-labelledby="data-title" data-testid="data-settings">
      <SectionTitle id="data-title" icon={<Download className="h-6 w-6 text-accent" aria-hidden />}>
        Your data and devices
      </SectionTitle>
      <p className="opacity-85">
        Download a copy of what the academy keeps about you: profile, course progress, certificates, forum topics and replies, revenue
        calculator entries and theme (a JSON file).
      </p>
      <a href="/api/user/export" download className={buttonClasses("outline")} data-testid="download-my-data">
        <Download className="h-4 w-4" aria-hidden /> Download my data
      </a>
      <p className="opacity-85">Lost a device, or signed in somewhere you should not have? Sign out of every device, this one included.</p>
      <IntentButton intent="sign-out-everywhere" variant="outline">
        <LogOut className="h-4 w-4" aria-hidden /> Sign out everywhere
      </IntentButton>
    </section>
  );
}

function DeleteAccountSection() {
  const [form, fields] = useForm({
    id: "delete-account-form",
    lastResult: useLastResult("delete-account"),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
  });
  const busy = useBusy("delete-account");
  return (
    <section className="card mt-8 space-y-4 border-red-500/50" aria-labelledby="delete-title" data-testid="delete-account">
      <SectionTitle id="delete-title" icon={<Trash2 className="h-6 w-6 text-red-300" aria-hidden />}>
        Delete my account
      </SectionTitle>
      <ul className="list-disc space-y-1 pl-5 opacity-85">
        <li>Your profile, email, course progress, certificates, subscription record, calculator entries, study-companion history, notifications and calendar feed are deleted.</li>
        <li>Your certificates stop verifying: their public pages will no longer find them. Download the PDFs first if you need them.</li>
        <li>
          Your forum topics and replies, live-chat messages and live-session questions stay, so conversations still make sense, but your name is
          removed: they are shown as by &lsquo;{FORMER_MEMBER}&rsquo;.
        </li>
        <li>This cannot be undone. A Premium membership paid by card must be cancelled first.</li>
      </ul>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="delete-account" />
        <FormErrors errors={form.errors} />
        <Field
          label="Your password, to confirm"
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        />
        <Button type="submit" variant="destructive" disabled={busy}>
          <Trash2 className="h-4 w-4" aria-hidden /> {busy ? "Deleting..." : "Delete my account"}
        </Button>
      </Form>
    </section>
  );
}

export default function AccountSettings() {
  const { feed, home, profile } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl">Account Settings</h1>
      {/* Keyed by what is saved, so the form shows the stored (normalised) values after a save. */}
      <ProfileSection key={JSON.stringify(profile)} profile={profile} />
      <PasswordSection />
      <SessionsAndDataSection />
      <section className="card mt-8 space-y-4" aria-labelledby="calendar-title" data-testid="calendar-settings">
        <div className="flex items-center gap-3">
          <CalendarDays className="h-6 w-6 text-accent" aria-hidden />
          <h2 id="calendar-title" className="font-display text-2xl">
            Calendar subscription
          </h2>
        </div>
        <p className="opacity-85">
          Subscribe your calendar app (Google Calendar, Apple Calendar, Outlook…) to a personal feed of the upcoming live sessions you may
          attend. New and changed sessions appear on their own. The link is private: anyone who has it can see the sessions, so reset it if it
          was shared by mistake.
        </p>
        {feed === null ? (
          <IntentButton intent="create-calendar-link" variant="primary">
            <CalendarDays className="h-4 w-4" aria-hidden /> Create calendar link
          </IntentButton>
        ) : (
          <>
            {feed.url ? (
              <div className="space-y-2">
                <label htmlFor="calendar-feed-url" className="text-sm opacity-80">
                  Your calendar link
                </label>
                <div className="flex gap-2">
                  <input
                    id="calendar-feed-url"
                    readOnly
                    value={feed.url}
                    className="w-full rounded-md border border-primary/40 bg-transparent px-3 py-2 text-sm"
                    data-testid="calendar-feed-url"
                  />
                  <CopyFeedButton url={feed.url} />
                </div>
                {feed.webcal ? (
                  <a href={feed.webcal} className="inline-block text-sm underline">
                    Open in your calendar app
                  </a>
                ) : null}
              </div>
            ) : (
              <p className="text-sm text-red-300" role="alert">
                {feed.problem}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <IntentButton intent="reset-calendar-link" variant="outline">
                <RefreshCw className="h-4 w-4" aria-hidden /> Reset link
              </IntentButton>
              <IntentButton intent="stop-calendar-link" variant="destructive">
                <Link2Off className="h-4 w-4" aria-hidden /> Stop sharing
              </IntentButton>
            </div>
            <p className="text-xs opacity-75">Reset link makes a new address and the old one stops working. Stop sharing turns the feed off.</p>
          </>
        )}
      </section>
      <DeleteAccountSection />
      <p className="mt-6 text-sm">
        <Link to={home} className="underline">
          Back to Dashboard
        </Link>
      </p>
    </div>
  );
}

const SignedOutData = z.object({ message: z.string() });

export function ErrorBoundary() {
  return (
    <PageErrorBoundary
      backTo="/settings"
      backLabel="Back to Account Settings"
      message="Please go back to your settings and try again."
      statusHandlers={{
        429: ({ error }) => (
          <StatusPanel
            title="Signed out"
            message={SignedOutData.safeParse(isRouteErrorResponse(error) ? error.data : null).data?.message ?? "Too many wrong passwords."}
            link={{ to: "/login?redirect=%2Fsettings", label: "Sign in again", look: "outline" }}
          />
        ),
      }}
    />
  );
}
