import { describe, expect, it } from "vitest";
import { ThemeSettingsSchema, UpdateThemeSchema } from "~/schemas/theme";
import { THEME_IDS, THEMES, themeStyle, DEFAULT_THEME_SETTINGS } from "~/utils/themes";

const settings = { animationSpeed: 1, particleEffects: true, soundEffects: true, glowIntensity: 50 };

describe("themes", () => {
  it("has the seven themes of the spec with five colours each", () => {
    expect(THEME_IDS).toEqual(["celestial", "mystical", "solar", "crystal", "storm", "heart", "third_eye"]);
    expect(THEMES.celestial.name).toBe("Celestial Dreams");
    expect(THEMES.third_eye.name).toBe("Third Eye Wisdom");
    for (const id of THEME_IDS) expect(Object.keys(THEMES[id].colors)).toHaveLength(5);
  });

  it("turns a theme into CSS variables", () => {
    const style = themeStyle("solar", DEFAULT_THEME_SETTINGS);
    expect(style["--color-primary"]).toBe("245 158 11");
    expect(style["--glow-intensity"]).toBe("0.5");
  });

  it("accepts slider values on their steps and refuses others", () => {
    expect(UpdateThemeSchema.safeParse({ moodTheme: "heart", themeSettings: { ...settings, animationSpeed: 1.7 } }).success).toBe(true);
    expect(UpdateThemeSchema.safeParse({ moodTheme: "heart", themeSettings: { ...settings, animationSpeed: 0.4 } }).success).toBe(false);
    expect(UpdateThemeSchema.safeParse({ moodTheme: "heart", themeSettings: { ...settings, animationSpeed: 1.25 } }).success).toBe(false);
    expect(UpdateThemeSchema.safeParse({ moodTheme: "heart", themeSettings: { ...settings, glowIntensity: 55 } }).success).toBe(false);
    expect(UpdateThemeSchema.safeParse({ moodTheme: "heart", themeSettings: { ...settings, glowIntensity: 110 } }).success).toBe(false);
    expect(UpdateThemeSchema.safeParse({ moodTheme: "sunset", themeSettings: settings }).success).toBe(false);
  });

  it("defaults to animation speed 1, glow 50 and both effects on, which the schema accepts", () => {
    expect(DEFAULT_THEME_SETTINGS).toEqual({ animationSpeed: 1, glowIntensity: 50, particleEffects: true, soundEffects: true });
    expect(ThemeSettingsSchema.parse(DEFAULT_THEME_SETTINGS)).toEqual(DEFAULT_THEME_SETTINGS);
  });

  it("accepts the ends of both sliders and nothing beyond them", () => {
    for (const [animationSpeed, glowIntensity] of [[0.5, 0], [2, 100]] as const) {
      expect(ThemeSettingsSchema.safeParse({ ...settings, animationSpeed, glowIntensity }).success).toBe(true);
    }
    expect(ThemeSettingsSchema.safeParse({ ...settings, animationSpeed: 2.1 }).success).toBe(false);
    expect(ThemeSettingsSchema.safeParse({ ...settings, glowIntensity: -10 }).success).toBe(false);
  });
});
