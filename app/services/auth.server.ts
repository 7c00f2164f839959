import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { checkCaptcha } from "~/models/accounts/captcha.server";
import { answerPremiumOncePerPageView } from "~/models/billing/membership.server";
import { canManageCourse, isStaff, STAFF_REFUSALS } from "~/models/learning/course-staff.server";
import { getLessonCourseId } from "~/models/learning/lesson.server";
import {
  CommonPasswordError,
  createStudent,
  EmailTakenError,
  getUserById,
  UsernameTakenError,
  verifyLogin,
  type User,
} from "~/models/accounts/user.server";
import { logEvent } from "~/utils/logger.server";
import { beginLoginAttempt, beginTrustedDeviceAttempt, consumeSignup, TooManyRequestsError, type LoginAttempt } from "~/models/platform/rate-limit.server";
import { trustedDeviceKey, trustThisDevice } from "~/services/trusted-device.server";
import { commitSession, destroySession, getSession, isRead, sessionStorage, type RequestContext } from "~/models/accounts/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export interface Credentials {
  username: string;
  password: string;
  captchaToken: string;
  captchaAnswer: number;
  /** Sign-up only: the optional email. */
  email?: string;
  /** Sign-up only: the optional name on certificates (issue 47). */
  certificateName?: string;
}

/** Why a sign-in or sign-up was refused, in the spec's words. */
export interface AuthRefusal {
  status: 400 | 401 | 409 | 429;
  title: string;
  message: string;
  field?: "username" | "password" | "captchaAnswer" | "email";
  retryAfterSeconds?: number;
}

type AuthResult = { ok: true; user: User } | { ok: false; refusal: AuthRefusal };

const CAPTCHA_REFUSAL: AuthRefusal = {
  status: 400,
  title: "Captcha Error",
  message: "Please solve the math problem correctly.",
  field: "captchaAnswer",
};

function tooMany(error: TooManyRequestsError): AuthResult {
  return {
    ok: false,
    refusal: { status: 429, title: "Too many attempts", message: error.message, retryAfterSeconds: error.retryAfterSeconds },
  };
}

/**
 * Signs in with a name and password. `deviceKey` (trustedDeviceKey) is set when
 * this browser signed in to that account before: its attempts then spend its
 * own allowance, not the one strangers share (issue 39).
 */
export async function attemptLogin(input: Credentials, ip: string, deviceKey: string | null): Promise<AuthResult> {
  let attempt: LoginAttempt;
  try {
    attempt = deviceKey ? await beginTrustedDeviceAttempt(deviceKey) : await beginLoginAttempt(ip, input.username);
  } catch (error) {
    if (error instanceof TooManyRequestsError) {
      logEvent("login_throttled", { username: input.username, ip, trustedDevice: deviceKey !== null });
      return tooMany(error);
    }
    throw error;
  }
  if (!await checkCaptcha(input.captchaToken, input.captchaAnswer)) {
    logEvent("login_failed", { username: input.username, ip, reason: "captcha" });
    return { ok: false, refusal: CAPTCHA_REFUSAL };
  }
  const user = await verifyLogin(input.username, input.password);
  if (!user) {
    logEvent("login_failed", { username: input.username, ip, reason: "credentials" });
    return {
      ok: false,
      refusal: { status: 401, title: "Login failed", message: "Invalid username or password. Please try again." },
    };
  }
  await attempt.succeeded();
  logEvent("login", { userId: user.id, username: user.username, ip });
  return { ok: true, user };
}

export async function attemptRegistration(input: Credentials, ip: string): Promise<AuthResult> {
  if (!await checkCaptcha(input.captchaToken, input.captchaAnswer)) {
    logEvent("registration_failed", { username: input.username, ip, reason: "captcha" });
    return { ok: false, refusal: CAPTCHA_REFUSAL };
  }
  try {
    await consumeSignup(ip);
    const user = await createStudent({ username: input.username, password: input.password, email: input.email, certificateName: input.certificateName });
    logEvent("registration", { userId: user.id, username: user.username, ip });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof TooManyRequestsError) return tooMany(error);
    const refusal: AuthRefusal | null =
      error instanceof UsernameTakenError
        ? { status: 409, title: "Registration failed", message: error.message, field: "username" }
        : error instanceof EmailTakenError
          ? { status: 409, title: "Registration failed", message: error.message, field: "email" }
          : error instanceof CommonPasswordError
          ? { status: 400, title: "Registration failed", message: error.message, field: "password" }
          : null;
    if (!refusal) throw error;
    logEvent("registration_failed", { username: input.username, ip, reason: refusal.message });
    return { ok: false, refusal };
  }
}

/** Carries a refusal through remix-auth's strategy to the page action. */
export class AuthRefusedError extends Error {
  constructor(public refusal: AuthRefusal) {
    super(refusal.message);
  }
}

interface StrategyContext {
  credentials: Credentials;
  clientIp: string;
  deviceKey: string | null;
}

function isStrategyContext(value: unknown): value is StrategyContext {
  if (typeof value !== "object" || value === null) return false;
  return "credentials" in value && "clientIp" in value && typeof value.clientIp === "string" && "deviceKey" in value;
}

// The HTML login form runs through remix-auth's FormStrategy; the JSON API
// calls attemptLogin directly. Both end in the same rules above.
export const authenticator = new Authenticator<User>(sessionStorage, { sessionKey: "userId" });
authenticator.use(
  new FormStrategy(async ({ context }) => {
    if (!isStrategyContext(context)) throw new Error("The login form strategy needs credentials and ip");
    const result = await attemptLogin(context.credentials, context.clientIp, context.deviceKey);
    if (!result.ok) throw new AuthRefusedError(result.refusal);
    return result.user;
  }),
  "form",
);

export async function authenticateForm(
  request: Request,
  formData: FormData,
  credentials: Credentials,
  loadContext: AppLoadContext,
): Promise<AuthResult> {
  try {
    const deviceKey = await trustedDeviceKey(request, credentials.username);
    const user = await authenticator.authenticate("form", request, {
      throwOnError: true,
      context: { ...loadContext, formData, credentials, deviceKey },
    });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof AuthRefusedError) {
      return { ok: false, refusal: error.cause.refusal };
    }
    throw error;
  }
}

/**
 * Starts a fresh session (new id at every login) and returns its cookie, with
 * the device cookie that marks this browser trusted for the account: whoever
 * gets here proved they know the password (sign-in, sign-up).
 */
export async function createUserSession(request: Request, user: User): Promise<Headers> {
  const previous = await sessionStorage.getSession(request.headers.get("Cookie"));
  if (previous.id) await destroySession(request, previous);
  const session = await sessionStorage.getSession();
  session.set("userId", user.id);
  session.set("refreshedAt", Date.now());
  const headers = new Headers({ "Set-Cookie": await commitSession(request, session) });
  headers.append("Set-Cookie", await trustThisDevice(request, user.username));
  return headers;
}

export async function logout(request: Request): Promise<Headers> {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  if (userId) logEvent("logout", { userId });
  return new Headers({ "Set-Cookie": await destroySession(request, session) });
}

async function lookUpUser(request: Request, context: RequestContext): Promise<User | null> {
  const session = await getSession(request, context);
  const userId = session.get("userId");
  if (typeof userId !== "number") return null;
  // A page view's session came with its member (one query); an action reads the member afresh.
  const withSession = isRead(request) ? context.memo.sessionMember : undefined;
  if (withSession?.id === userId) return withSession;
  return (await getUserById(userId)) ?? null;
}

/**
 * Who is asking, or null. Root and route loaders of one page view ask the
 * same question: it is answered once per request (kept in the load context).
 * Only for reads: an action may change the user it looked up.
 */
export async function getOptionalUser(request: Request, context: RequestContext): Promise<User | null> {
  if (!isRead(request)) return await lookUpUser(request, context);
  return await (context.memo.user ??= lookUpUser(request, context).then((user) => {
    // The page view's session query also read this member's subscription.
    if (user) answerPremiumOncePerPageView(user, user === context.memo.sessionMember ? context.memo.sessionSubscription : undefined);
    return user;
  }));
}

function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

/** Pages send visitors to /login?redirect=<here>; the API answers 401. */
export async function requireUser(request: Request, context: RequestContext): Promise<User> {
  const user = await getOptionalUser(request, context);
  if (user) return user;
  if (isApiRequest(request)) throw json({ message: "Authentication required" }, { status: 401 });
  const url = new URL(request.url);
  throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

export async function requireAdmin(request: Request, context: RequestContext): Promise<User> {
  const user = await requireUser(request, context);
  if (user.role === "admin") return user;
  throw await refuseStaffArea(request, user, "Admin access required", "This area is restricted to administrators only.");
}

/** Admins and instructors: the people who reach the course editor (each course then asks requireCourseManager). */
export async function requireStaff(request: Request, context: RequestContext): Promise<User> {
  const user = await requireUser(request, context);
  if (isStaff(user)) return user;
  throw await refuseStaffArea(request, user, "Admin access required", "This area is restricted to administrators only.");
}

/** Admins, and the course's own instructors (issue 29); anyone else gets 403. A null id (a bad URL) is a 404 for staff. */
export async function requireCourseManager(request: Request, context: RequestContext, courseId: number | null): Promise<User> {
  const user = await requireStaff(request, context);
  if (courseId === null) throw json({ message: "Course not found" }, { status: 404 });
  if (await canManageCourse(user, courseId)) return user;
  const message = user.role === "instructor" ? STAFF_REFUSALS.notYourCourse : "Admin access required";
  throw await refuseStaffArea(request, user, message, user.role === "instructor" ? `${STAFF_REFUSALS.notYourCourse}.` : "This area is restricted to administrators only.");
}

/** Whoever may edit this lesson: its course's admins and instructors. 404 when there is no such lesson (asked of staff only). */
export async function requireLessonManager(request: Request, context: RequestContext, lessonId: number): Promise<User> {
  await requireStaff(request, context);
  const courseId = await getLessonCourseId(lessonId);
  if (courseId === undefined) throw json({ message: "Lesson not found" }, { status: 404 });
  return await requireCourseManager(request, context, courseId);
}

/** The API answers 403 with the message; a page goes back where the member belongs, with a toast saying why. */
async function refuseStaffArea(request: Request, user: User, message: string, description: string): Promise<Response> {
  const path = new URL(request.url).pathname;
  logEvent("admin_access_refused", { userId: user.id, username: user.username, path });
  if (isApiRequest(request)) return json({ message }, { status: 403 });
  return await redirectWithToast(user.role === "instructor" ? "/admin/courses" : "/students", { type: "error", title: "Access Denied", description });
}

/** Where a user lands after signing in (spec: saved course, redirect, role). */
export function homeFor(user: Pick<User, "role">): string {
  return user.role === "admin" ? "/dashboard" : "/students";
}
