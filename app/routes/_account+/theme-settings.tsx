// /theme-settings is the same page as /themes (spec §2; the header links here),
// not a redirect: its form posts here and comes back here.
export { default, loader, action, meta } from "./themes";
