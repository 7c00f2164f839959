import type { SerializeFrom } from "@remix-run/node";
import { Form, useNavigation } from "@remix-run/react";
import { Search } from "~/components/ui/icons";
import { Button, buttonClasses } from "~/components/ui/button";
import type { MemberWithSubscription, PlanFilter } from "~/models/accounts/members.server";
import { cn, formatDate, formatUsd, initials } from "~/utils/misc";

type Member = SerializeFrom<MemberWithSubscription>;

const PLAN_LABELS: Record<PlanFilter, string> = { all: "All members", basic: "Basic", premium: "Premium" };

/** Search and plan filter as a plain GET form, so it works without JavaScript and can be bookmarked. */
export function MemberFilters({ q, plan }: { q: string; plan: PlanFilter }) {
  return (
    <Form method="get" role="search" aria-label="Members" className="flex flex-wrap items-end gap-3">
      <label className="flex min-w-[16rem] flex-1 flex-col gap-1 text-sm">
        Search members
        <input
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Name, email or username"
          className="rounded-md border border-primary/50 bg-black/30 px-3 py-2"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Plan
        <select name="plan" defaultValue={plan} className="rounded-md border border-primary/50 bg-black/30 px-3 py-2">
          {Object.entries(PLAN_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClasses("primary")}>
        <Search className="h-4 w-4" aria-hidden /> Search
      </button>
    </Form>
  );
}

function statusClasses(status: string): string {
  if (status === "active") return "border-green-500/60 bg-green-500/15 text-green-300";
  if (status === "cancelled") return "border-red-500/60 bg-red-500/15 text-red-300";
  return "border-blue-500/60 bg-blue-500/15 text-blue-300";
}

function MemberAction({ member }: { member: Member }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("memberId") === String(member.id);
  const intent = member.isPremium ? "revoke" : "grant";
  return (
    <Form method="post" className="flex flex-wrap justify-end gap-2">
      <input type="hidden" name="memberId" value={member.id} />
      <Button type="submit" name="intent" value={intent} size="sm" variant={member.isPremium ? "outline" : "primary"} disabled={busy}>
        {member.isPremium ? "Revoke Premium" : "Grant Premium"}
      </Button>
      <Button
        type="submit"
        name="intent"
        value="reset-link"
        size="sm"
        variant="ghost"
        disabled={busy}
        aria-label={`Create password reset link for ${member.username}`}
      >
        Reset link
      </Button>
    </Form>
  );
}

/** An admin sets the member's role (and whether an instructor may create courses) with a plain form. */
function MemberRoleForm({ member }: { member: Member }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "role" && navigation.formData.get("memberId") === String(member.id);
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="memberId" value={member.id} />
      <label className="sr-only" htmlFor={`role-${member.id}`}>
        Role of {member.username}
      </label>
      <select id={`role-${member.id}`} name="role" defaultValue={member.role} className="rounded-md border border-primary/50 bg-black/30 px-2 py-1 text-sm">
        <option value="student">Student</option>
        <option value="instructor">Instructor</option>
        <option value="admin">Admin</option>
      </select>
      <label className="flex items-center gap-1 text-xs" title="Instructors only">
        <input type="checkbox" name="canCreateCourses" defaultChecked={member.canCreateCourses} className="h-4 w-4 accent-primary" />
        May create courses
      </label>
      <Button type="submit" name="intent" value="role" size="sm" variant="outline" disabled={busy} aria-label={`Save role of ${member.username}`}>
        Save role
      </Button>
    </Form>
  );
}

export function MemberTable({ members }: { members: Member[] }) {
  return (
    <div className="card overflow-x-auto p-0">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Member directory</caption>
        <thead className="border-b border-primary/30">
          <tr>
            <th scope="col" className="px-4 py-3">
              Member
            </th>
            <th scope="col" className="px-4 py-3">
              Joined
            </th>
            <th scope="col" className="px-4 py-3">
              Type
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Role
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Monthly Fee
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const status = member.subscription?.status ?? "basic";
            return (
              <tr key={member.id} className="border-b border-primary/10 last:border-0" data-testid="member-row" data-username={member.username}>
                <th scope="row" className="px-4 py-3 font-normal">
                  <div className="flex items-center gap-3">
                    <span
                      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary/40 text-xs font-semibold"
                      aria-hidden
                      data-testid="member-initials"
                    >
                      {initials(member.name)}
                    </span>
                    <div className="min-w-0">
                      <p className="font-medium">{member.name}</p>
                      <p className="opacity-75">{member.email ?? `@${member.username}`}</p>
                    </div>
                  </div>
                </th>
                <td className="px-4 py-3">
                  <time dateTime={member.joinDate}>{formatDate(member.joinDate)}</time>
                </td>
                <td className="px-4 py-3" data-testid="member-type">
                  {member.role === "instructor" ? "Instructor" : member.isPremium ? "Premium Student" : "Student"}
                  {member.isPremium && member.subscription?.isComped ? (
                    <span className="ml-2 rounded-full border border-yellow-400/60 px-2 py-0.5 text-xs text-yellow-200">Comped</span>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  <span className={cn("rounded-full border px-2 py-0.5 text-xs", statusClasses(status))} data-testid="member-status">
                    {status}
                  </span>
                </td>
                <td className="px-4 py-3" data-testid="member-role">
                  <MemberRoleForm member={member} />
                </td>
                <td className="px-4 py-3 text-right" data-testid="member-fee">
                  {formatUsd(member.subscription?.monthlyFee ?? 0)}
                </td>
                <td className="px-4 py-3">
                  <MemberAction member={member} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
