// /theme-settings is the same page as /themes (spec §2).
export { default, loader, action, meta } from "./themes";
