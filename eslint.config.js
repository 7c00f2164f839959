import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "scripts/bench-floor-app/build/", "node_modules/", "test-results/", "playwright-report/", "tests/.tmp/", "db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  {
    // Lesson content is read only through app/models/access.server.ts, which
    // applies the Premium and visibility rules (issue 10: a route that read
    // lessons directly leaked a premium course).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    // The companion's library indexes section text; its searchLibrary applies the same rules in SQL.
    ignores: ["app/models/access.server.ts", "app/models/lesson.server.ts", "app/models/companion-library.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "~/models/lesson.server",
              importNames: ["getLesson", "listLessonsForCourse"],
              message: "Read lesson content through ~/models/access.server (findLessonForViewer, listLessonsForViewer).",
            },
          ],
          patterns: [
            {
              regex: "^#db/schema$",
              importNames: ["contentSections", "companionChunks"],
              message: "Lesson content is read only through ~/models/access.server, and the companion's passages only through searchLibrary in ~/models/companion-library.server.",
            },
          ],
        },
      ],
    },
  },
  {
    // Form bodies are read through ~/utils/form-data.server, which answers a
    // malformed body with 400 instead of letting formData() throw a 500.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/utils/form-data.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData'][arguments.length=0]",
          message: "Use readForm(request) from ~/utils/form-data.server.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
