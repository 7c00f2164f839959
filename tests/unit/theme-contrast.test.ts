import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blend, contrastRatio, hexToRgb, type Rgb } from "~/utils/contrast";
import { THEME_IDS, THEMES, onPrimaryColor, themeStyle, DEFAULT_THEME, DEFAULT_THEME_SETTINGS } from "~/utils/themes";

// Every pair of colours the pages paint, for every theme and for the default
// palette in tailwind.css (what a visitor sees): WCAG 2.1 AA asks 4.5:1 for
// text, 3:1 for large text and for the boundaries of controls.
const TEXT = 4.5;
const UI = 3;

interface Palette {
  background: Rgb;
  primary: Rgb;
  secondary: Rgb;
  accent: Rgb;
  text: Rgb;
  onPrimary: Rgb;
}

function fromTriple(triple: string | undefined): Rgb {
  const parts = (triple ?? "").trim().split(/\s+/).map(Number);
  const [r, g, b] = parts;
  if (parts.length !== 3 || r === undefined || g === undefined || b === undefined || parts.some(Number.isNaN)) {
    throw new Error(`Not an "r g b" triple: ${triple}`);
  }
  return [r, g, b];
}

function paletteFromVariables(variables: Record<string, string>): Palette {
  return {
    background: fromTriple(variables["--color-background"]),
    primary: fromTriple(variables["--color-primary"]),
    secondary: fromTriple(variables["--color-secondary"]),
    accent: fromTriple(variables["--color-accent"]),
    text: fromTriple(variables["--color-text"]),
    onPrimary: fromTriple(variables["--color-on-primary"]),
  };
}

function cssRootVariables(): Record<string, string> {
  const css = fs.readFileSync(path.resolve("app/styles/tailwind.css"), "utf8");
  const root = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? "";
  return Object.fromEntries([...root.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]]));
}

const palettes: [string, Palette][] = [
  ["default (tailwind.css)", paletteFromVariables(cssRootVariables())],
  ...THEME_IDS.map((id): [string, Palette] => [id, paletteFromVariables(themeStyle(id, DEFAULT_THEME_SETTINGS))]),
];

/** [what, foreground, background, minimum] for one palette. */
function pairs(p: Palette): [string, Rgb, Rgb, number][] {
  // The body's top glow is secondary at 55 % over the background (tailwind.css).
  const glow = blend(p.secondary, 0.55, p.background);
  // A course without an image: a background/75 plate on the placeholder's gradient
  // (tailwind.css), whose brightest point is the accent glow over primary.
  const placeholderPlate = blend(p.background, 0.75, blend(p.accent, 0.35, p.primary));
  return [
    ["placeholder title on its plate", p.text, placeholderPlate, TEXT],
    ["placeholder level on its plate", p.accent, placeholderPlate, TEXT],
    ["text on background", p.text, p.background, TEXT],
    ["text on the secondary glow", p.text, glow, TEXT],
    ["text on secondary", p.text, p.secondary, TEXT],
    ["text on a primary/40 chip", p.text, blend(p.primary, 0.4, p.background), TEXT],
    ["text on an accent/30 highlight", p.text, blend(p.accent, 0.3, p.background), TEXT],
    ["accent text on background", p.accent, p.background, TEXT],
    ["accent text on the secondary glow", p.accent, glow, TEXT],
    ["accent text on secondary", p.accent, p.secondary, TEXT],
    ["accent text on an accent/15 badge", p.accent, blend(p.accent, 0.15, p.background), TEXT],
    ["primary button label", p.onPrimary, p.primary, TEXT],
    ["primary button label on hover (primary/85)", p.onPrimary, blend(p.primary, 0.85, p.background), TEXT],
    ["primary control against background", p.primary, p.background, UI],
    ["accent focus ring against background", p.accent, p.background, UI],
  ];
}

describe("theme colour contrast (WCAG 2.1 AA)", () => {
  it.each(palettes)("%s: every text and button pair is readable", (_name, palette) => {
    const failures = pairs(palette)
      .map(([what, fg, bg, minimum]) => ({ what, ratio: Math.round(contrastRatio(fg, bg) * 100) / 100, minimum }))
      .filter(({ ratio, minimum }) => ratio < minimum);
    expect(failures).toEqual([]);
  });

  it("the default palette in tailwind.css is the default theme", () => {
    expect(paletteFromVariables(cssRootVariables())).toEqual(paletteFromVariables(themeStyle(DEFAULT_THEME, DEFAULT_THEME_SETTINGS)));
  });

  it("puts the theme's dark background on bright primaries and white on deep ones", () => {
    expect(onPrimaryColor("solar")).toBe(THEMES.solar.colors.background);
    expect(onPrimaryColor("crystal")).toBe(THEMES.crystal.colors.background);
    expect(onPrimaryColor("celestial")).toBe("#ffffff");
    expect(onPrimaryColor("third_eye")).toBe("#ffffff");
  });

  it("computes the WCAG ratio", () => {
    expect(contrastRatio(hexToRgb("#000000"), hexToRgb("#ffffff"))).toBeCloseTo(21, 5);
    expect(contrastRatio(hexToRgb("#777777"), hexToRgb("#ffffff"))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(hexToRgb("#ffffff"), hexToRgb("#ffffff"))).toBe(1);
    expect(blend([255, 255, 255], 0.5, [0, 0, 0])).toEqual([128, 128, 128]);
  });
});
