import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Check, Lock, Palette } from "lucide-react";
import { useState } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { toPublicUser, updateUserTheme } from "~/models/user.server";
import { ThemeFormSchema } from "~/schemas/theme";
import { getOptionalUser, requireUser } from "~/utils/auth.server";
import { cn } from "~/utils/misc";
import { THEME_IDS, THEMES, type ThemeId } from "~/utils/themes";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-data.server";

export const meta: MetaFunction = () => [{ title: "Themes — Mystic Academy" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return json({ viewer: null });
  const { moodTheme, themeSettings, firstName, name, username } = toPublicUser(user);
  return json({ viewer: { moodTheme, themeSettings, displayName: firstName ?? name ?? username } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: ThemeFormSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  updateUserTheme(user.id, submission.value.moodTheme, submission.value.themeSettings);
  const path = new URL(request.url).pathname;
  return redirectWithToast(path, {
    type: "success",
    title: "Theme Applied",
    description: `${THEMES[submission.value.moodTheme].name} is now your theme.`,
  });
}

const tips = [
  { title: "Match your practice", text: "Calm, cool themes suit study; warm ones suit planning and marketing work." },
  { title: "Rest your eyes", text: "Lower the glow intensity for long reading sessions in the evening." },
  { title: "Reduce motion", text: "Turn particle effects off if movement distracts you while you read." },
  { title: "Change with the seasons", text: "A new theme for a new course can mark a fresh chapter in your learning." },
];

export default function ThemesPage() {
  const { viewer } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [selected, setSelected] = useState<ThemeId>(viewer?.moodTheme ?? "celestial");
  const [form] = useForm({
    id: "theme-form",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ThemeFormSchema }),
  });

  if (!viewer) {
    return (
      <div className="mx-auto max-w-md px-4 py-20">
        <div className="card text-center">
          <Lock className="mx-auto h-10 w-10 text-accent" aria-hidden />
          <h1 className="mt-4 font-display text-2xl">Access Required</h1>
          <p className="mt-2 opacity-80">Sign in to choose the theme that suits your practice.</p>
          <Link to="/login?redirect=%2Fthemes" className={buttonClasses("primary", "mt-6")}>
            Sign In to Continue
          </Link>
        </div>
      </div>
    );
  }

  const settings = viewer.themeSettings;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <section className="card flex flex-wrap items-center gap-4">
        <Palette className="h-10 w-10 text-accent" aria-hidden />
        <div>
          <h1 className="font-display text-3xl">Welcome, {viewer.displayName}</h1>
          <p className="opacity-80">
            Current theme: <strong data-testid="current-theme">{THEMES[viewer.moodTheme].name}</strong>
          </p>
        </div>
      </section>

      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-8">
        <fieldset>
          <legend className="mb-4 font-display text-2xl">Choose your theme</legend>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {THEME_IDS.map((id) => {
              const theme = THEMES[id];
              return (
                <label
                  key={id}
                  className={cn(
                    "card cursor-pointer p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent",
                    selected === id && "border-accent",
                  )}
                >
                  <input
                    type="radio"
                    name="moodTheme"
                    value={id}
                    className="sr-only"
                    defaultChecked={viewer.moodTheme === id}
                    onChange={() => setSelected(id)}
                  />
                  <span className="flex items-center justify-between font-semibold">
                    {theme.name}
                    {selected === id ? <Check className="h-4 w-4 text-accent" aria-label="Selected" /> : null}
                  </span>
                  <span className="mt-1 block text-sm opacity-75">{theme.description}</span>
                  <span className="mt-3 flex gap-1" aria-hidden>
                    {Object.values(theme.colors).map((color) => (
                      <span key={color} className="h-5 w-5 rounded-full border border-white/20" style={{ background: color }} />
                    ))}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <fieldset className="card grid gap-6 md:grid-cols-2">
          <legend className="px-2 font-display text-xl">Settings</legend>
          <label className="block">
            <span className="text-sm font-medium">Animation speed</span>
            <input type="range" name="animationSpeed" min={0.5} max={2} step={0.1} defaultValue={settings.animationSpeed} className="mt-2 w-full accent-[rgb(var(--color-primary))]" />
          </label>
          <label className="block">
            <span className="text-sm font-medium">Glow intensity</span>
            <input type="range" name="glowIntensity" min={0} max={100} step={10} defaultValue={settings.glowIntensity} className="mt-2 w-full accent-[rgb(var(--color-primary))]" />
          </label>
          <label className="flex items-center gap-3">
            <input type="checkbox" name="particleEffects" defaultChecked={settings.particleEffects} className="h-4 w-4" />
            <span>Particle effects</span>
          </label>
          <label className="flex items-center gap-3">
            <input type="checkbox" name="soundEffects" defaultChecked={settings.soundEffects} className="h-4 w-4" />
            <span>Sound effects</span>
          </label>
          <ErrorList errors={form.errors} />
        </fieldset>

        <Button type="submit" className="glow" disabled={navigation.state === "submitting"}>
          Apply Spiritual Theme
        </Button>
      </Form>

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
