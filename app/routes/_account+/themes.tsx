import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Lock, Palette } from "~/components/ui/icons";
import { ThemeForm } from "~/components/themes/theme-form";
import { buttonClasses } from "~/components/ui/button";
import { readAppearance, saveAppearance } from "~/models/platform/appearance.server";
import { toPublicUser } from "~/models/accounts/user.server";
import { ThemeFormSchema } from "~/schemas/theme";
import { getOptionalUser } from "~/services/auth.server";
import { THEMES } from "~/utils/themes";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Themes — Mystic Academy" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const appearance = await readAppearance(request, user ? toPublicUser(user) : null);
  const viewer = user ? { displayName: user.firstName ?? user.name ?? user.username } : null;
  return json({ viewer, appearance });
}

// Members keep their theme in their profile, visitors in a cookie (models/appearance.server.ts).
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const submission = parseWithZod(await readForm(request), { schema: ThemeFormSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const headers = await saveAppearance(request, user, submission.value);
  const path = new URL(request.url).pathname;
  return await redirectWithToast(
    path,
    { type: "success", title: "Theme Applied", description: `${THEMES[submission.value.moodTheme].name} is now your theme.` },
    { headers: headers ?? undefined },
  );
}

const tips = [
  { title: "Match your practice", text: "Calm, cool themes suit study; warm ones suit planning and marketing work." },
  { title: "Rest your eyes", text: "Lower the glow intensity for long reading sessions in the evening." },
  { title: "Reduce motion", text: "Turn particle effects off if movement distracts you while you read." },
  { title: "Change with the seasons", text: "A new theme for a new course can mark a fresh chapter in your learning." },
];

export default function ThemesPage() {
  const { viewer, appearance } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      {viewer ? (
        <section className="card flex flex-wrap items-center gap-4">
          <Palette className="h-10 w-10 text-accent" aria-hidden />
          <div>
            <h1 className="font-display text-3xl">Welcome, {viewer.displayName}</h1>
            <p className="opacity-80">
              Current theme: <strong data-testid="current-theme">{THEMES[appearance.moodTheme].name}</strong>
            </p>
          </div>
        </section>
      ) : (
        <section className="card mx-auto max-w-md text-center">
          <Lock className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <h1 className="mt-4 font-display text-2xl">Access Required</h1>
          <p className="mt-2 opacity-80">Sign in to keep your theme in your profile on every device.</p>
          <AppLink to="/login?redirect=%2Fthemes" className={buttonClasses("primary", "mt-6")}>
            Sign In to Continue
          </AppLink>
          <p className="mt-4 text-sm opacity-80">
            Or try one here: this browser remembers it. Current theme:{" "}
            <strong data-testid="current-theme">{THEMES[appearance.moodTheme].name}</strong>
          </p>
        </section>
      )}

      <ThemeForm saved={appearance} savesToProfile={viewer !== null} lastResult={lastResult} />

      <section className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Tips">
        {tips.map((tip) => (
          <div key={tip.title} className="card">
            <h2 className="font-semibold text-accent">{tip.title}</h2>
            <p className="mt-2 text-sm opacity-80">{tip.text}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
