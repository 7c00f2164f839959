import { createCookie } from "@remix-run/node";
import type { User } from "#db/schema";
import { updateUserTheme, type PublicUser } from "~/models/accounts/user.server";
import { UpdateThemeSchema } from "~/schemas/theme";
import { isHttps } from "~/models/accounts/session.server";
import { DEFAULT_THEME, DEFAULT_THEME_SETTINGS, type ThemeId, type ThemeSettings } from "~/utils/themes";

/** The theme and settings a page is rendered with (root loader → <html> attributes). */
export interface Appearance {
  moodTheme: ThemeId;
  themeSettings: ThemeSettings;
}

const DEFAULT_APPEARANCE: Appearance = { moodTheme: DEFAULT_THEME, themeSettings: DEFAULT_THEME_SETTINGS };

// Visitors try themes without an account: their choice lives in this cookie
// (unsigned: it only changes their own colours, and it is parsed like any input).
const visitorThemeCookie = createCookie("academy_theme", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
});

/** A member's saved theme, else a visitor's cookie, else the defaults. */
export async function readAppearance(request: Request, member: PublicUser | null): Promise<Appearance> {
  if (member) return { moodTheme: member.moodTheme, themeSettings: member.themeSettings };
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("academy_theme=")) return DEFAULT_APPEARANCE;
  const parsed = UpdateThemeSchema.safeParse(await visitorThemeCookie.parse(cookieHeader));
  return parsed.success ? parsed.data : DEFAULT_APPEARANCE;
}

/**
 * Saves a theme where the viewer keeps it: a member's profile, a visitor's
 * cookie. Returns the headers the response must carry (the cookie), if any.
 */
export async function saveAppearance(request: Request, user: User | null, appearance: Appearance): Promise<Headers | null> {
  if (user) {
    await updateUserTheme(user.id, appearance.moodTheme, appearance.themeSettings);
    return null;
  }
  return new Headers({ "Set-Cookie": await visitorThemeCookie.serialize(appearance, { secure: isHttps(request) }) });
}
