import path from "node:path";
import { ESLint } from "eslint";
import { WITHOUT_TYPE_INFORMATION } from "./lint-without-types";
import { describe, expect, it } from "vitest";

// The lint rule in eslint.config.js that keeps Tailwind class names whole (issue 31).
// The type-aware rules (floating promises) need a real program; these rules do not.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../.."), overrideConfig: WITHOUT_TYPE_INFORMATION });

async function classNameProblems(code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: "app/components/fixture.tsx" });
  return (result?.messages ?? []).filter((message) => message.message.startsWith("Write class names out in full")).length;
}

// ESLint starts cold in each test (the TypeScript parser and the whole config): give it room on a busy machine.
describe("class names Tailwind can see", { timeout: 30_000 }, () => {
  it("rejects the old button: variant and size glued to a prefix inside cn()", async () => {
    const code = `import { cn } from "~/utils/misc";
export const buttonClasses = (variant: string, size: string) => cn("btn", \`btn-\${variant}\`, \`btn-\${size}\`);\n`;
    expect(await classNameProblems(code)).toBe(2);
  });

  it("rejects pieces glued in a className attribute, by template or by +", async () => {
    expect(await classNameProblems(`export const A = ({ tone }: { tone: string }) => <p className={\`text-\${tone}-500\`} />;\n`)).toBe(2);
    expect(await classNameProblems(`export const B = ({ tone }: { tone: string }) => <p className={"bg-" + tone} />;\n`)).toBe(1);
    expect(await classNameProblems(`const badgeClass = (n: number) => \`w-\${n}\`;\nexport default badgeClass;\n`)).toBe(1);
  });

  it("accepts whole class names joined with spaces and chosen from a map", async () => {
    const code = `const tones = { ok: "text-green-400", bad: "text-red-400" } as const;
const base = "rounded border";
export const C = ({ tone, wide }: { tone: keyof typeof tones; wide: boolean }) => (
  <p className={\`\${base} \${tones[tone]} \${wide ? "w-full" : "w-auto"}\`} id={\`note-\${tone}\`} />
);\n`;
    expect(await classNameProblems(code)).toBe(0);
  });
});
