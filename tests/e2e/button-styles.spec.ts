import { BUTTON_SIZES, BUTTON_VARIANTS, buttonClasses } from "~/components/ui/button";
import { expect, test } from "./helpers";

// Buttons must look like buttons (issue 31: a class name Tailwind could not
// see left every button as plain text, and tests that click by role and text
// did not notice). These read the styles the browser really computed.

interface Look {
  background: string;
  borderWidth: number;
  borderColor: string;
  padding: number[];
}

const visible = (colour: string) => colour !== "transparent" && !/rgba\(.*,\s*0\)$/.test(colour);
const hasShape = (look: Look) => visible(look.background) || (look.borderWidth > 0 && visible(look.borderColor));

test.describe("Button styles", () => {
  test("every variant and size has a visible background or border and at least 8 px of padding", async ({ page, visit }) => {
    await visit("/");
    const combinations = BUTTON_VARIANTS.flatMap((variant) => BUTTON_SIZES.map((size) => ({ variant, size, className: buttonClasses(variant, undefined, size) })));
    const looks = await page.evaluate((list) => {
      return list.map(({ className }) => {
        const button = document.createElement("button");
        button.className = className;
        button.textContent = "Press";
        document.body.append(button);
        const style = getComputedStyle(button);
        const look = {
          background: style.backgroundColor,
          borderWidth: parseFloat(style.borderTopWidth),
          borderColor: style.borderTopColor,
          padding: [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft].map(parseFloat),
        };
        button.remove();
        return look;
      });
    }, combinations);
    combinations.forEach(({ variant, size }, index) => {
      const look = looks[index]!;
      expect(hasShape(look), `${variant}/${size}: ${JSON.stringify(look)}`).toBe(true);
      expect(Math.min(...look.padding), `${variant}/${size} padding`).toBeGreaterThanOrEqual(8);
    });
  });

  test("the landing page's buttons are filled and the header links stand apart", async ({ page, visit }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit("/");
    const begin = page.getByRole("link", { name: "Begin Your Journey" });
    const beginLook = await begin.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, paddingLeft: parseFloat(style.paddingLeft), height: element.getBoundingClientRect().height };
    });
    expect(visible(beginLook.background), JSON.stringify(beginLook)).toBe(true);
    expect(beginLook.paddingLeft).toBeGreaterThanOrEqual(16);
    expect(beginLook.height).toBeGreaterThanOrEqual(40);

    // The gap a reader sees is between the words, so measure the text itself.
    const wordEdges = await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((link) => {
          const range = document.createRange();
          range.selectNodeContents(link);
          const box = range.getBoundingClientRect();
          return { name: link.textContent?.trim(), left: box.left, right: box.right };
        }),
      );
    expect(wordEdges.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < wordEdges.length; i++) {
      const gap = wordEdges[i]!.left - wordEdges[i - 1]!.right;
      expect(gap, `between "${wordEdges[i - 1]!.name}" and "${wordEdges[i]!.name}"`).toBeGreaterThanOrEqual(16);
    }
  });

  test("a destructive button is red", async ({ page, visit, student }) => {
    expect(student.username).toBeTruthy();
    await visit("/settings");
    const remove = page.getByRole("button", { name: "Delete my account" }).first();
    const background = await remove.evaluate((element) => getComputedStyle(element).backgroundColor);
    const [red = 0, green = 0, blue = 0] = background.match(/\d+/g)?.map(Number) ?? [];
    expect(red, background).toBeGreaterThan(150);
    expect(red).toBeGreaterThan(green * 2);
    expect(red).toBeGreaterThan(blue * 2);
  });
});
