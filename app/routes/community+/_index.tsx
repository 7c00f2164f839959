import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Crown, MessageSquare, Plus, Shield, Users } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button";
import { forumStats, listCategoriesWithCounts, listLatestTopics } from "~/models/community/forum.server";
import { getOptionalUser } from "~/services/auth.server";
import { PREMIUM_PRICE_LABEL } from "~/utils/premium";
import { publicPageHeaders } from "~/utils/page-cache";
import { AppLink } from "~/components/ui/app-link";

// The same for every visitor: kept a few seconds for anonymous requests (server/page-cache.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction = () => [{ title: "Community — Mystic Academy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const { members, discussions, moderators } = await forumStats();
  return json({
    signedIn: user !== null,
    stats: { members, discussions, moderators },
    categories: await listCategoriesWithCounts(),
    // Only a signed-in member reads inside the forum (visitors see the categories only).
    latest: user ? await listLatestTopics(user) : [],
  });
}

export default function Community() {
  const { signedIn, stats, categories, latest } = useLoaderData<typeof loader>();
  const cards = [
    { label: "Members", value: stats.members, icon: Users },
    { label: "Discussions", value: stats.discussions, icon: MessageSquare },
    { label: "Moderators", value: stats.moderators, icon: Shield },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Community Forum</h1>
          <p className="mt-1 opacity-80">Share insights, ask questions and grow together with fellow advisors.</p>
        </div>
        {signedIn ? (
          <AppLink to="/community/new-topic" className={buttonClasses("primary")}>
            <Plus className="h-4 w-4" aria-hidden /> New Topic
          </AppLink>
        ) : null}
      </header>

      <ul className="mt-8 grid gap-4 sm:grid-cols-3" aria-label="Community statistics">
        {cards.map(({ label, value, icon: Icon }) => (
          <li key={label} className="card flex items-center gap-4">
            <Icon className="h-8 w-8 text-accent" aria-hidden />
            <div>
              <p className="text-2xl font-semibold" data-testid={`stat-${label.toLowerCase()}`}>
                {value}
              </p>
              <p className="text-sm opacity-80">{label}</p>
            </div>
          </li>
        ))}
      </ul>

      <section className="mt-10" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="font-display text-2xl">
          Forum Categories
        </h2>
        {categories.length === 0 ? (
          <div className="card mt-4 text-center">
            <MessageSquare className="mx-auto h-10 w-10 text-accent" aria-hidden />
            <p className="mt-3 text-lg">No Categories Yet</p>
            <p className="mt-1 text-sm opacity-75">The forum opens as soon as the first category is created.</p>
          </div>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {categories.map((category) => {
              const href = `/community/category/${category.id}`;
              return (
                <li key={category.id}>
                  <article
                    className="card flex h-full flex-col gap-3 border-l-4"
                    style={{ borderLeftColor: `#${category.color}` }}
                    aria-label={category.name}
                    data-testid="forum-category"
                  >
                    <div className="flex items-start justify-between gap-3">
                      <h3 className="font-display text-xl">{category.name}</h3>
                      {category.permission === "advanced" ? (
                        <span className="flex items-center gap-1 rounded-full border border-accent/60 px-2 py-0.5 text-xs text-accent">
                          <Crown className="h-3.5 w-3.5" aria-hidden /> Premium
                        </span>
                      ) : (
                        <span className="rounded-full border border-emerald-400/60 px-2 py-0.5 text-xs text-emerald-200">Free</span>
                      )}
                    </div>
                    <p className="text-sm opacity-80">{category.description}</p>
                    <div className="mt-auto flex items-center justify-between gap-3">
                      <span className="text-sm opacity-75">
                        {category.topicCount} {category.topicCount === 1 ? "topic" : "topics"}
                      </span>
                      {signedIn ? (
                        <Link to={href} className={buttonClasses("outline", undefined, "sm")}>
                          Enter Forum
                        </Link>
                      ) : (
                        <AppLink to={`/login?redirect=${encodeURIComponent(href)}`} className={buttonClasses("outline", undefined, "sm")}>
                          Login to Enter
                        </AppLink>
                      )}
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {latest.length > 0 ? (
        <section className="mt-10" aria-labelledby="latest-heading">
          <h2 id="latest-heading" className="font-display text-2xl">
            Latest Discussions
          </h2>
          <ul className="card mt-4 divide-y divide-primary/15 p-0">
            {latest.map((topic) => (
              <li key={topic.id}>
                <AppLink to={`/community/topic/${topic.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-primary/10">
                  <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ backgroundColor: `#${topic.category.color}` }} aria-hidden />
                  <span className="min-w-0 flex-1 font-semibold">{topic.title}</span>
                  <span className="text-xs opacity-75">
                    {`${topic.category.name} · ${topic.author.username} · ${topic.replyCount} ${topic.replyCount === 1 ? "reply" : "replies"} · `}
                    <time dateTime={topic.lastActivityAt}>{new Date(topic.lastActivityAt).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })}</time>
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card mt-10" aria-labelledby="guidelines-heading">
        <h2 id="guidelines-heading" className="font-display text-xl">
          Community Guidelines
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm opacity-90">
          <li>Be respectful and kind: every advisor is on their own path.</li>
          <li>Keep discussions on topic and share what you have learned in practice.</li>
          <li>Never share a client&apos;s private details.</li>
          <li>No spam or self-promotion outside the places meant for it.</li>
          <li>{`Premium forums are open to Premium members (${PREMIUM_PRICE_LABEL}).`}</li>
        </ul>
      </section>
    </div>
  );
}
