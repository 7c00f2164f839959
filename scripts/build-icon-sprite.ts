import fs from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";

// `npm run icons`: writes app/assets/icons.svg, one <symbol> per icon that
// app/components/ui/icons.tsx exports, drawn from lucide-react's own paths.

const ICONS_MODULE = path.resolve(import.meta.dirname, "../app/components/ui/icons.tsx");
export const SPRITE_PATH = path.resolve(import.meta.dirname, "../app/assets/icons.svg");

/** The icon names icons.tsx exports (read from its source, so this runs without a bundler). */
export function iconNames(): string[] {
  const source = fs.readFileSync(ICONS_MODULE, "utf8");
  return [...source.matchAll(/^export const (\w+) = spriteIcon\("(\w+)"\);$/gm)].map(([, name]) => name ?? "");
}

export function buildSprite(names: string[]): string {
  const icons = lucide as unknown as Record<string, ComponentType | undefined>;
  const symbols = names.map((name) => {
    const component = icons[name];
    if (!component) throw new Error(`lucide-react has no icon named ${name}`);
    // Lucide's own markup, less the outer <svg>: presentation comes from the referencing element.
    const inner = renderToStaticMarkup(createElement(component)).replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const names = iconNames();
  fs.writeFileSync(SPRITE_PATH, buildSprite(names));
  console.log(`Wrote ${path.relative(process.cwd(), SPRITE_PATH)} with ${names.length} icons.`);
}
