import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowLeft, Bot, HelpCircle, MessageSquare, Zap } from "~/components/ui/icons";
import { PageErrorBoundary } from "~/components/error-boundary";
import { FormNotice, type Notice } from "~/components/admin/notice";
import { buttonClasses } from "~/components/ui/button";
import { StatCard } from "~/components/ui/stat-card";
import { companionMode, usageSince } from "~/models/companion/companion.server";
import { providerModel, testProviderConnection } from "~/models/companion/companion-provider.server";
import { requireAdmin } from "~/services/auth.server";
import { env } from "~/utils/env.server";
import { readForm } from "~/utils/form-data.server";
import { formatDate } from "~/utils/misc";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Study Companion — Mystic Academy" }];

const DAYS = 14;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const mode = companionMode();
  return json({
    mode,
    model: mode === "provider" ? providerModel() : null,
    logsQuestions: env.COMPANION_LOG_QUESTIONS,
    limits: {
      free: env.COMPANION_DAILY_MESSAGES_FREE,
      premium: env.COMPANION_DAILY_MESSAGES_PREMIUM,
      perMinute: env.COMPANION_MESSAGES_PER_MINUTE,
      tokenBudget: env.COMPANION_DAILY_TOKEN_BUDGET,
    },
    usage: await usageSince(DAYS),
  });
}

/** "Test connection": one small request to the provider, answered in place (works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const form = await readForm(request);
  if (form.get("intent") !== "test") return json<{ notice: Notice }>({ notice: { type: "error", title: "Unknown action" } }, { status: 400 });
  if (companionMode() !== "provider") {
    return json<{ notice: Notice }>({ notice: { type: "error", title: "No provider configured", description: "Set OPENAI_API_KEY (and OPENAI_BASE_URL for servers other than OpenAI) and restart." } });
  }
  const result = await testProviderConnection();
  const notice: Notice = result.ok
    ? { type: "success", title: "Connection works", description: `${result.model} answered in ${result.latencyMs} ms.` }
    : { type: "error", title: "Connection failed", description: result.message };
  return json({ notice });
}

export default function AdminCompanion() {
  const { mode, model, logsQuestions, limits, usage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const testing = useNavigation().formData?.get("intent") === "test";
  const total = usage.byDay.reduce((sum, day) => sum + day.questions, 0);
  const tokens = usage.byDay.reduce((sum, day) => sum + (day.tokens ?? 0), 0);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AppLink to="/admin" className="inline-flex items-center gap-1 text-sm opacity-80 hover:opacity-100">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Dashboard
      </AppLink>
      <h1 className="mt-3 font-display text-3xl">Study Companion</h1>
      <p className="mt-1 opacity-80">Questions members asked in the last {DAYS} days, what they cost, and what the library could not answer.</p>

      <section className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Summary">
        <StatCard label="Questions" value={total} icon={MessageSquare} testId="companion-questions" />
        <StatCard label="Not answered" value={usage.unansweredCount} icon={HelpCircle} testId="companion-unanswered" />
        <StatCard label="Provider tokens" value={tokens} icon={Zap} testId="companion-tokens" />
        <StatCard label="Mode" value={mode === "provider" ? "AI model" : "Library only"} icon={Bot} testId="companion-mode" />
      </section>

      <section className="card mt-6" aria-labelledby="provider-status">
        <h2 id="provider-status" className="font-display text-xl">
          Provider
        </h2>
        {mode === "provider" ? (
          <p className="mt-2">
            Answers are written by <strong>{model}</strong> through an OpenAI-compatible server, grounded on the library and citing it. When the provider fails or
            today&apos;s budget of {limits.tokenBudget.toLocaleString("en-US")} tokens is spent, answers quote the library instead.
          </p>
        ) : (
          <p className="mt-2">
            No provider is configured: the companion quotes the course library word for word, with citations, and says so. Set <code>OPENAI_API_KEY</code> (and{" "}
            <code>OPENAI_BASE_URL</code> for Ollama, vLLM, LM Studio, OpenRouter, Azure…) to let a model write the answers.
          </p>
        )}
        <p className="mt-2 text-sm opacity-80">
          Daily questions: {limits.free} free, {limits.premium} Premium; at most {limits.perMinute} a minute.{" "}
          {logsQuestions ? "Question texts are kept in the usage log." : "Question texts are not kept (set COMPANION_LOG_QUESTIONS=true to see them below)."}
        </p>
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="test" className={buttonClasses("outline", undefined, "sm")} disabled={testing}>
            {testing ? "Testing…" : "Test connection"}
          </button>
        </Form>
        <FormNotice notice={actionData?.notice} />
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section className="card overflow-x-auto" aria-labelledby="usage-by-day">
          <h2 id="usage-by-day" className="font-display text-xl">
            By day
          </h2>
          {usage.byDay.length === 0 ? (
            <p className="mt-3 opacity-75">No questions yet.</p>
          ) : (
            <table className="mt-3 w-full text-sm">
              <thead>
                <tr className="text-left opacity-75">
                  <th className="py-1">Day</th>
                  <th>Questions</th>
                  <th>Not answered</th>
                  <th>Fallbacks</th>
                  <th>Tokens</th>
                </tr>
              </thead>
              <tbody>
                {usage.byDay.map((day) => (
                  <tr key={day.day} className="border-t border-primary/15">
                    <td className="py-1">{formatDate(`${day.day}T00:00:00Z`)}</td>
                    <td>{day.questions}</td>
                    <td>{day.unanswered}</td>
                    <td>{day.fallbacks}</td>
                    <td>{day.tokens ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="card overflow-x-auto" aria-labelledby="usage-by-member">
          <h2 id="usage-by-member" className="font-display text-xl">
            By member
          </h2>
          {usage.byMember.length === 0 ? (
            <p className="mt-3 opacity-75">No questions yet.</p>
          ) : (
            <table className="mt-3 w-full text-sm">
              <thead>
                <tr className="text-left opacity-75">
                  <th className="py-1">Member</th>
                  <th>Questions</th>
                  <th>Tokens</th>
                </tr>
              </thead>
              <tbody>
                {usage.byMember.map((member) => (
                  <tr key={member.username} className="border-t border-primary/15">
                    <td className="py-1">{member.username}</td>
                    <td>{member.questions}</td>
                    <td>{member.tokens ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>

      <section className="card mt-6" aria-labelledby="content-gaps">
        <h2 id="content-gaps" className="font-display text-xl">
          Questions with no answer
        </h2>
        <p className="mt-1 text-sm opacity-80">
          Questions the library had nothing for, grouped by similar wording, the most asked first: candidates for a new lesson or article.
        </p>
        {usage.unansweredCount === 0 ? (
          <p className="mt-3 opacity-75">None in the last {DAYS} days.</p>
        ) : usage.unansweredGroups.length === 0 ? (
          <p className="mt-3 opacity-75">
            {usage.unansweredCount} {usage.unansweredCount === 1 ? "question" : "questions"} found no answer; their texts were not kept.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-primary/15 text-sm" data-testid="unanswered-groups">
            {usage.unansweredGroups.map((group) => (
              <li key={`${group.lastAskedAt}-${group.example}`} className="py-2">
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <span className="font-semibold" data-testid="unanswered-count">
                    {`${group.questions.length}×`}
                  </span>
                  <span className="font-medium">{group.example}</span>
                  <span className="text-xs opacity-70">
                    last asked {formatDate(group.lastAskedAt)}
                    {group.words.length ? ` · ${group.words.join(", ")}` : ""}
                  </span>
                </div>
                {group.questions.length > 1 && (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs opacity-80">{`All ${group.questions.length} wordings`}</summary>
                    <ul className="mt-1 list-disc space-y-0.5 pl-5 opacity-90">
                      {group.questions.map((question, index) => (
                        <li key={index}>{question}</li>
                      ))}
                    </ul>
                  </details>
                )}
              </li>
            ))}
          </ul>
        )}
        {usage.unansweredWithText > 0 && usage.unansweredCount > usage.unansweredWithText && (
          <p className="mt-2 text-xs opacity-70">{usage.unansweredCount - usage.unansweredWithText} more were asked while question texts were not kept.</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo="/admin" backLabel="Back to Dashboard" />;
}
