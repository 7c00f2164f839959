import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { Check } from "~/components/ui/icons";
import { useMemo, useState } from "react";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { ThemeFormSchema } from "~/schemas/theme";
import { THEME_IDS, THEMES, type ThemeId, type ThemeSettings } from "~/utils/themes";
import { useThemePreview } from "./use-theme-preview";

interface Appearance {
  moodTheme: ThemeId;
  themeSettings: ThemeSettings;
}

/** The answer of PUT /api/user/theme as an "Update Failed" message (spec §8). */
async function failureMessage(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") return body.message;
  } catch {
    // not JSON: the text itself is the message
  }
  return `${response.status}: ${text || response.statusText}`;
}

/**
 * The theme picker and its settings. The choice is previewed locally and kept
 * only on 'Apply Spiritual Theme': members with JavaScript save through
 * PUT /api/user/theme, everyone else posts the form to the page.
 */
export function ThemeForm({
  saved,
  savesToProfile,
  lastResult,
}: {
  saved: Appearance;
  savesToProfile: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  const [moodTheme, setMoodTheme] = useState<ThemeId>(saved.moodTheme);
  const [themeSettings, setThemeSettings] = useState<ThemeSettings>(saved.themeSettings);
  const choice = useMemo(() => ({ moodTheme, themeSettings }), [moodTheme, themeSettings]);
  useThemePreview(choice, saved);
  const changeSetting = (patch: Partial<ThemeSettings>) => setThemeSettings((current) => ({ ...current, ...patch }));

  const [form] = useForm({
    id: "theme-form",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ThemeFormSchema }),
    onSubmit(event, { submission }) {
      if (!savesToProfile || submission?.status !== "success") return;
      event.preventDefault();
      setSaving(true);
      void fetch("/api/user/theme", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(submission.value),
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(await failureMessage(response));
          showToast({ type: "success", title: "Theme Applied", description: `${THEMES[submission.value.moodTheme].name} is now your theme.` });
          revalidator.revalidate();
        })
        .catch((error: unknown) => {
          showToast({ type: "error", title: "Update Failed", description: error instanceof Error ? error.message : String(error) });
        })
        .finally(() => setSaving(false));
    },
  });

  const changed = moodTheme !== saved.moodTheme || JSON.stringify(themeSettings) !== JSON.stringify(saved.themeSettings);
  const busy = saving || navigation.state === "submitting";

  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-8">
      <fieldset>
        <legend className="mb-4 font-display text-2xl">Choose your theme</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {THEME_IDS.map((id) => {
            const theme = THEMES[id];
            return (
              <label
                key={id}
                className="group card cursor-pointer p-4 transition has-[:checked]:border-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent"
              >
                <input
                  type="radio"
                  name="moodTheme"
                  value={id}
                  className="sr-only"
                  defaultChecked={saved.moodTheme === id}
                  onChange={() => setMoodTheme(id)}
                />
                <span className="flex items-center justify-between font-semibold">
                  {theme.name}
                  <Check className="hidden h-4 w-4 text-accent group-has-[:checked]:block" aria-hidden />
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
          <span className="text-sm font-medium">Animation speed</span> <span className="text-sm opacity-80">{themeSettings.animationSpeed.toFixed(1)}×</span>
          <input
            type="range"
            name="animationSpeed"
            min={0.5}
            max={2}
            step={0.1}
            defaultValue={saved.themeSettings.animationSpeed}
            onChange={(event) => changeSetting({ animationSpeed: Number(event.currentTarget.value) })}
            className="mt-2 w-full accent-[rgb(var(--color-primary))]"
          />
        </label>
        <label className="block">
          <span className="text-sm font-medium">Glow intensity</span> <span className="text-sm opacity-80">{themeSettings.glowIntensity}%</span>
          <input
            type="range"
            name="glowIntensity"
            min={0}
            max={100}
            step={10}
            defaultValue={saved.themeSettings.glowIntensity}
            onChange={(event) => changeSetting({ glowIntensity: Number(event.currentTarget.value) })}
            className="mt-2 w-full accent-[rgb(var(--color-primary))]"
          />
        </label>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            name="particleEffects"
            defaultChecked={saved.themeSettings.particleEffects}
            onChange={(event) => changeSetting({ particleEffects: event.currentTarget.checked })}
            className="h-4 w-4"
          />
          <span>Particle effects</span>
        </label>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            name="soundEffects"
            defaultChecked={saved.themeSettings.soundEffects}
            onChange={(event) => changeSetting({ soundEffects: event.currentTarget.checked })}
            className="h-4 w-4"
          />
          <span>Sound effects (chimes for a finished lesson, a certificate and a forum post)</span>
        </label>
        <ErrorList errors={form.errors} />
      </fieldset>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" className="glow" disabled={busy}>
          Apply Spiritual Theme
        </Button>
        {changed ? (
          <p className="text-sm opacity-80" data-testid="preview-notice">
            Previewing {THEMES[moodTheme].name}: apply it to keep it.
          </p>
        ) : null}
      </div>
    </Form>
  );
}
