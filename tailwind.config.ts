import type { Config } from "tailwindcss";

// Colours come from CSS variables so that a user's theme (see app/utils/themes.ts)
// can be applied on the server with one attribute and no flash.
const themed = (name: string) => `rgb(var(--color-${name}) / <alpha-value>)`;

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        background: themed("background"),
        primary: themed("primary"),
        secondary: themed("secondary"),
        accent: themed("accent"),
        foreground: themed("text"),
        "on-primary": themed("on-primary"),
      },
      fontFamily: {
        display: ["Georgia", "Cambria", "Times New Roman", "serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
