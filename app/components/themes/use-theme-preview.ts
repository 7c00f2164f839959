import { useEffect } from "react";
import { themeStyle, type ThemeId, type ThemeSettings } from "~/utils/themes";

interface Choice {
  moodTheme: ThemeId;
  themeSettings: ThemeSettings;
}

function paint(choice: Choice) {
  const html = document.documentElement;
  html.dataset.theme = choice.moodTheme;
  for (const [name, value] of Object.entries(themeStyle(choice.moodTheme, choice.themeSettings))) {
    html.style.setProperty(name, value);
  }
}

/**
 * Shows the picker's choice on the whole page while it is being made, in the
 * browser only; leaving the page (or applying) puts the saved theme back.
 */
export function useThemePreview(choice: Choice, saved: Choice) {
  useEffect(() => {
    paint(choice);
    return () => paint(saved);
  }, [choice, saved]);
}
