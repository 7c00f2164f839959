import { contrastRatio, hexToRgb } from "~/utils/contrast";

// The seven themes of the spec (learner-area §3) and their settings. Colours
// are "r g b" triples so Tailwind can add opacity to them. Every text and
// button pair meets WCAG AA (tests/unit/theme-contrast.test.ts).

export const THEME_IDS = ["celestial", "mystical", "solar", "crystal", "storm", "heart", "third_eye"] as const;
export type ThemeId = (typeof THEME_IDS)[number];

export interface Theme {
  id: ThemeId;
  name: string;
  description: string;
  colors: { background: string; primary: string; secondary: string; accent: string; text: string };
}

export const THEMES: Record<ThemeId, Theme> = {
  celestial: {
    id: "celestial",
    name: "Celestial Dreams",
    description: "Deep night skies, violet starlight and a touch of gold.",
    colors: { background: "#0f0a1f", primary: "#8553f5", secondary: "#312e81", accent: "#fbbf24", text: "#f5f3ff" },
  },
  mystical: {
    id: "mystical",
    name: "Mystical Forest",
    description: "Moss, fern and the quiet green of an old wood.",
    colors: { background: "#0b1a14", primary: "#10b981", secondary: "#14532d", accent: "#a3e635", text: "#ecfdf5" },
  },
  solar: {
    id: "solar",
    name: "Solar Power",
    description: "Warm amber light for bold, confident work.",
    colors: { background: "#1c1008", primary: "#f59e0b", secondary: "#7c2d12", accent: "#fde047", text: "#fffbeb" },
  },
  crystal: {
    id: "crystal",
    name: "Crystal Clarity",
    description: "Clear ice blues for a calm and focused mind.",
    colors: { background: "#06141f", primary: "#38bdf8", secondary: "#0c4a6e", accent: "#e0f2fe", text: "#f0f9ff" },
  },
  storm: {
    id: "storm",
    name: "Storm Energy",
    description: "Slate clouds lit by electric blue.",
    colors: { background: "#0f172a", primary: "#6063f1", secondary: "#334155", accent: "#22d3ee", text: "#f1f5f9" },
  },
  heart: {
    id: "heart",
    name: "Heart Chakra",
    description: "Rose and emerald for compassionate sessions.",
    colors: { background: "#1a0b12", primary: "#ee5aa3", secondary: "#065f46", accent: "#fab6db", text: "#fdf2f8" },
  },
  third_eye: {
    id: "third_eye",
    name: "Third Eye Wisdom",
    description: "Indigo depths for intuition and insight.",
    colors: { background: "#0c0a24", primary: "#7a3bdc", secondary: "#1e1b4b", accent: "#c084fc", text: "#ede9fe" },
  },
};

export interface ThemeSettings {
  animationSpeed: number;
  particleEffects: boolean;
  soundEffects: boolean;
  glowIntensity: number;
}

export const DEFAULT_THEME: ThemeId = "celestial";
export const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  animationSpeed: 1,
  particleEffects: true,
  soundEffects: true,
  glowIntensity: 50,
};

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === "string" && (THEME_IDS as readonly string[]).includes(value);
}

function rgbTriple(hex: string): string {
  return hexToRgb(hex).join(" ");
}

/**
 * Text on a primary button: white, or the theme's own background when that
 * reads better (the bright amber, green, sky and pink primaries), so the
 * buttons keep their colour and still reach 4.5:1.
 */
export function onPrimaryColor(themeId: ThemeId): string {
  const { primary, background } = THEMES[themeId].colors;
  const white = "#ffffff";
  return contrastRatio(hexToRgb(white), hexToRgb(primary)) >= contrastRatio(hexToRgb(background), hexToRgb(primary)) ? white : background;
}

// A theme's colours as CSS values never change: worked out (contrast included) once per theme, not per page.
const colourVariables = new Map<ThemeId, Record<string, string>>();

function themeColours(themeId: ThemeId): Record<string, string> {
  let variables = colourVariables.get(themeId);
  if (!variables) {
    const { colors } = THEMES[themeId];
    variables = {
      "--color-background": rgbTriple(colors.background),
      "--color-primary": rgbTriple(colors.primary),
      "--color-secondary": rgbTriple(colors.secondary),
      "--color-accent": rgbTriple(colors.accent),
      "--color-text": rgbTriple(colors.text),
      "--color-on-primary": rgbTriple(onPrimaryColor(themeId)),
    };
    colourVariables.set(themeId, variables);
  }
  return variables;
}

/** CSS custom properties for a theme and its settings, set on <html>. */
export function themeStyle(themeId: ThemeId, settings: ThemeSettings): Record<string, string> {
  return {
    ...themeColours(themeId),
    "--animation-speed": String(settings.animationSpeed),
    "--glow-intensity": String(settings.glowIntensity / 100),
  };
}
