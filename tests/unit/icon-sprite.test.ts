import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BookOpen, Search } from "~/components/ui/icons";
import { buildSprite, iconNames, SPRITE_PATH } from "../../scripts/build-icon-sprite";

describe("the icon sprite", () => {
  it("holds exactly the icons icons.tsx exports, drawn from lucide-react (run `npm run icons` after adding one)", () => {
    const names = iconNames();
    expect(names).toContain("BookOpen");
    expect(names.length).toBeGreaterThan(50);
    expect(fs.readFileSync(SPRITE_PATH, "utf8")).toBe(buildSprite(names));
  });

  it("draws each symbol with Lucide's shapes and no presentation of its own", () => {
    const sprite = buildSprite(["BookOpen", "X"]);
    expect(sprite).toMatch(/<symbol id="BookOpen" viewBox="0 0 24 24"><path d="[^"]+"><\/path>/);
    expect(sprite).toContain('<symbol id="X" viewBox="0 0 24 24">');
    expect(sprite).not.toMatch(/stroke-width|class=/);
  });

  it("refuses a name lucide-react does not have", () => {
    expect(() => buildSprite(["NoSuchIconAnywhere"])).toThrow("lucide-react has no icon named NoSuchIconAnywhere");
  });

  it("renders an icon as a short reference, decorative unless named", () => {
    const decorative = renderToStaticMarkup(createElement(BookOpen, { className: "h-4 w-4" }));
    expect(decorative).toMatch(/^<svg viewBox="0 0 24 24" class="lucide h-4 w-4" aria-hidden="true"><use href="[^"]*icons[^"]*\.svg#BookOpen"><\/use><\/svg>$/);
    const named = renderToStaticMarkup(createElement(Search, { "aria-label": "Search" }));
    expect(named).not.toContain("aria-hidden");
    expect(named).toContain('aria-label="Search"');
  });
});
