import type { Linter } from "eslint";

/** Our ESLint config with the type-aware rules off: for linting snippets that are not files of the program. */
export const WITHOUT_TYPE_INFORMATION: Linter.Config = {
  languageOptions: { parserOptions: { projectService: false, project: null } },
  rules: {
    "@typescript-eslint/no-floating-promises": "off",
    "@typescript-eslint/await-thenable": "off",
    "@typescript-eslint/no-misused-promises": "off",
  },
};
