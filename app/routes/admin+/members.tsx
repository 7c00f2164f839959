import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft, CalendarDays, Crown, DollarSign, TrendingUp } from "~/components/ui/icons";
import { PageErrorBoundary } from "~/components/error-boundary";
import { MemberFilters, MemberTable } from "~/components/admin/members-directory";
import { Pagination } from "~/components/ui/pagination";
import { FormNotice, type Notice } from "~/components/admin/notice";
import { ResetLinkPanel, type CreatedResetLink } from "~/components/admin/reset-link-panel";
import { StatCard } from "~/components/ui/stat-card";
import {
  changeMemberSubscription,
  getRevenueStats,
  GRANT_PREMIUM,
  listMembersWithSubscriptions,
  MEMBER_NOT_FOUND,
  parseMemberDirectoryQuery,
  REVOKE_PREMIUM,
} from "~/models/accounts/members.server";
import { AdminResetRefusedError, createAdminResetLink } from "~/models/accounts/password-reset.server";
import { RoleChangeError, setMemberRole } from "~/models/accounts/member-role.server";
import { RoleFormSchema } from "~/schemas/member-role";
import { requireAdmin } from "~/services/auth.server";
import { parseWithZod } from "@conform-to/zod";
import { PromotionCodesPanel } from "~/components/admin/promotion-codes-panel";
import {
  BillingError,
  createPromotionCode,
  deactivatePromotionCode,
  listPromotionCodes,
  paymentsEnabled,
  PROMOTIONS_OFF_MESSAGE,
  type PromotionCodeListing,
} from "~/models/billing/billing.server";
import { CREATE_PROMOTION_CODE_INTENT, DEACTIVATE_PROMOTION_CODE_INTENT, DeactivatePromotionCodeSchema, PromotionCodeSchema } from "~/schemas/promotion-code";
import { formatUsd, parseRouteId } from "~/utils/misc";
import { publicOrigin } from "~/utils/misc.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Student Management — Mystic Academy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const query = parseMemberDirectoryQuery(new URL(request.url).searchParams);
  return json({ query, directory: await listMembersWithSubscriptions(query), revenue: await getRevenueStats(), promotions: await loadPromotionCodes() });
}

/** The codes on Stripe, or why there are none to show (said plainly, never a broken page). */
async function loadPromotionCodes(): Promise<{ codes: PromotionCodeListing[]; unavailable: string | null }> {
  if (!paymentsEnabled()) return { codes: [], unavailable: PROMOTIONS_OFF_MESSAGE };
  try {
    return { codes: await listPromotionCodes(), unavailable: null };
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    return { codes: [], unavailable: `Promotion codes could not be loaded from Stripe: ${error.message}` };
  }
}

/** Creates a code on Stripe from the page's form; Stripe's refusal comes back as the form's error. */
async function createPromotionCodeAction(formData: FormData) {
  const submission = parseWithZod(formData, { schema: PromotionCodeSchema });
  if (submission.status !== "success") return json({ promotion: submission.reply() }, { status: 400 });
  try {
    const created = await createPromotionCode(submission.value);
    return await redirectWithToast("/admin/members#promotion-codes", {
      type: "success",
      title: "Promotion code created",
      description: `${created.code}: ${created.summary}.`,
    });
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    return json({ promotion: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
}

async function deactivatePromotionCodeAction(formData: FormData) {
  const parsed = DeactivatePromotionCodeSchema.safeParse(Object.fromEntries(formData));
  const fail = (status: number, description: string) =>
    json<{ notice: Notice }>(
      {
        notice: {
          type: "error",
          title: "Promotion code not changed",
          description,
        },
      },
      { status }
    );
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "No such promotion code");
  try {
    const code = await deactivatePromotionCode(parsed.data.promotionCodeId);
    return await redirectWithToast("/admin/members#promotion-codes", {
      type: "success",
      title: "Promotion code deactivated",
      description: `${code.code} can no longer be redeemed.`,
    });
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    return fail(error.status, error.message);
  }
}

/**
 * Answers a reset-link request with the link itself (no redirect: it is shown
 * this once and stored only as a hash).
 */
async function resetLinkAnswer(adminId: number, memberId: number | null, origin: string) {
  try {
    if (memberId === null) throw new AdminResetRefusedError(MEMBER_NOT_FOUND, 404);
    const link = await createAdminResetLink(adminId, memberId, origin);
    const resetLink: CreatedResetLink = {
      username: link.username,
      url: link.url,
      expiresAt: link.expiresAt.toISOString(),
    };
    return json({ resetLink }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof AdminResetRefusedError)) throw error;
    return json<{ notice: Notice }>(
      {
        notice: {
          type: "error",
          title: "No reset link made",
          description: error.message,
        },
      },
      { status: error.status }
    );
  }
}

const ROLE_LABELS = { student: "a student", instructor: "an instructor", admin: "an administrator" } as const;

/** The directory's role form (issue 29): the same rule as PUT /api/admin/members/{id}/role. */
async function roleAnswer(request: Request, admin: { id: number; username: string }, formData: FormData) {
  const submission = parseWithZod(formData, { schema: RoleFormSchema });
  const memberId = parseRouteId(formData.get("memberId"));
  if (submission.status !== "success" || memberId === null) {
    return json<{ notice: Notice }>({ notice: { type: "error", title: "Role not changed", description: "Choose student, instructor or admin." } }, { status: 400 });
  }
  try {
    const member = await setMemberRole(admin, memberId, submission.value);
    const url = new URL(request.url);
    url.searchParams.delete("index");
    const creates = member.role === "instructor" && member.canCreateCourses ? " They may create courses." : "";
    return await redirectWithToast(`${url.pathname}${url.search}`, { type: "success", title: "Role changed", description: `${member.username} is now ${ROLE_LABELS[member.role]}.${creates}` });
  } catch (error) {
    if (!(error instanceof RoleChangeError)) throw error;
    return json<{ notice: Notice }>({ notice: { type: "error", title: "Role not changed", description: error.message } }, { status: error.status });
  }
}

/** Grant or revoke Premium from a plain form (back to the same filtered page with a toast), or make a reset link. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "reset-link") return await resetLinkAnswer(admin.id, parseRouteId(formData.get("memberId")), publicOrigin(request));
  if (intent === "role") return await roleAnswer(request, admin, formData);
  if (intent === CREATE_PROMOTION_CODE_INTENT) return await createPromotionCodeAction(formData);
  if (intent === DEACTIVATE_PROMOTION_CODE_INTENT) return await deactivatePromotionCodeAction(formData);
  const change = intent === "grant" ? GRANT_PREMIUM : intent === "revoke" ? REVOKE_PREMIUM : null;
  if (!change) return json<{ notice: Notice }>({ notice: { type: "error", title: "Unknown action" } }, { status: 400 });
  const memberId = parseRouteId(formData.get("memberId"));
  const outcome = memberId === null ? ({ ok: false, status: 404, message: MEMBER_NOT_FOUND } as const) : await changeMemberSubscription(memberId, change);
  if (!outcome.ok) {
    return json<{ notice: Notice }>(
      {
        notice: {
          type: "error",
          title: "Plan not changed",
          description: outcome.message,
        },
      },
      { status: outcome.status }
    );
  }
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return await redirectWithToast(`${url.pathname}${url.search}`, {
    type: "success",
    title: intent === "grant" ? "Premium granted" : "Premium revoked",
    description: intent === "grant" ? `${outcome.member.username} is now a Premium Student.` : `${outcome.member.username} is back on the basic plan.`,
  });
}

export default function MemberDirectory() {
  const { query, directory, revenue, promotions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const cards = [
    {
      label: "Monthly Revenue",
      value: formatUsd(revenue.monthlyRevenue),
      icon: DollarSign,
      testId: "revenue-monthly",
    },
    {
      label: "Total Premium Members",
      value: revenue.totalPremiumMembers,
      icon: Crown,
      testId: "revenue-premium-members",
    },
    {
      label: "Average Revenue Per User",
      value: formatUsd(revenue.averageRevenuePerUser),
      icon: TrendingUp,
      testId: "revenue-arpu",
    },
    {
      label: "Annual Projection",
      value: formatUsd(revenue.annualProjection),
      icon: CalendarDays,
      testId: "revenue-annual",
    },
  ];
  const filtered = query.q !== "" || query.plan !== "all";
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <AppLink to="/dashboard" className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
      </AppLink>
      <header className="mt-4">
        <h1 className="font-display text-3xl">Student Management</h1>
        <p className="mt-1 opacity-80">Revenue, members and their plans.</p>
      </header>

      <section className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Revenue">
        {cards.map((card) => (
          <StatCard key={card.label} {...card} />
        ))}
      </section>

      <PromotionCodesPanel
        codes={promotions.codes}
        unavailable={promotions.unavailable}
        lastResult={actionData && "promotion" in actionData ? actionData.promotion : undefined}
      />

      <section className="mt-10 space-y-4" aria-labelledby="member-directory">
        <h2 id="member-directory" className="font-display text-2xl">
          Member Directory
        </h2>
        <MemberFilters q={query.q} plan={query.plan} />
        <FormNotice notice={actionData && "notice" in actionData ? actionData.notice : undefined} />
        {actionData && "resetLink" in actionData ? <ResetLinkPanel link={actionData.resetLink} /> : null}
        <p className="text-sm opacity-75" aria-live="polite">
          {directory.total} {directory.total === 1 ? "member" : "members"}
          {filtered ? " found" : ""}
        </p>
        {directory.members.length === 0 ? (
          <p className="card text-center">{filtered ? "No members match your search." : "No members yet."}</p>
        ) : (
          <MemberTable members={directory.members} />
        )}
        <Pagination page={directory.page} pageCount={directory.pageCount} label="Member pages" />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/admin/members" backLabel="Back to Student Management" />;
}
