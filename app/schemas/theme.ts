import { z } from "zod";
import { THEME_IDS } from "~/utils/themes";

export const ThemeSettingsSchema = z.object({
  animationSpeed: z
    .number()
    .min(0.5, "Animation speed must be between 0.5 and 2")
    .max(2, "Animation speed must be between 0.5 and 2")
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, "Animation speed moves in steps of 0.1"),
  particleEffects: z.boolean(),
  soundEffects: z.boolean(),
  glowIntensity: z
    .number()
    .int()
    .min(0, "Glow intensity must be between 0 and 100")
    .max(100, "Glow intensity must be between 0 and 100")
    .multipleOf(10, "Glow intensity moves in steps of 10"),
});

export const UpdateThemeSchema = z.object({
  moodTheme: z.enum(THEME_IDS, { errorMap: () => ({ message: "Unknown theme" }) }),
  themeSettings: ThemeSettingsSchema,
});

// The themes page form: flat fields, checkboxes absent when off.
export const ThemeFormSchema = z
  .object({
    moodTheme: z.enum(THEME_IDS, { errorMap: () => ({ message: "Choose one of the themes" }) }),
    animationSpeed: z.coerce.number({ invalid_type_error: "Animation speed must be a number" }),
    glowIntensity: z.coerce.number({ invalid_type_error: "Glow intensity must be a number" }),
    particleEffects: z.literal("on").optional(),
    soundEffects: z.literal("on").optional(),
  })
  .transform((v) => ({
    moodTheme: v.moodTheme,
    themeSettings: {
      animationSpeed: v.animationSpeed,
      glowIntensity: v.glowIntensity,
      particleEffects: v.particleEffects === "on",
      soundEffects: v.soundEffects === "on",
    },
  }))
  .pipe(UpdateThemeSchema);
