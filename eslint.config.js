import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Tailwind emits a rule only for class names it finds written out in the
// source, so a class assembled from pieces (`btn-${variant}`, "text-" + tone)
// silently has no CSS (issue 31: every button lost its style). Joining whole
// class lists with spaces is fine; gluing a fragment to a value is not.
const CLASS_CONTEXTS = [
  "JSXAttribute[name.name='className']",
  "CallExpression[callee.name=/^(cn|clsx)$/]",
  "VariableDeclarator[id.name=/[Cc]lass/]",
  "Property[key.name=/[Cc]lass/]",
];
const CLASS_MESSAGE = "Write class names out in full (e.g. a map from variant to class): Tailwind cannot see a class assembled from pieces.";
const CLASS_CONTEXT = `:matches(${CLASS_CONTEXTS.join(", ")})`;
const assembledClassNames = [
  // `prefix-${value}`: a fragment glued to the value that follows it.
  { selector: `${CLASS_CONTEXT} TemplateElement[tail=false][value.raw=/[A-Za-z0-9:-]$/]`, message: CLASS_MESSAGE },
  // `${value}-suffix`: a fragment glued to the value before it.
  { selector: `${CLASS_CONTEXT} TemplateElement ~ TemplateElement[value.raw=/^[A-Za-z0-9:-]/]`, message: CLASS_MESSAGE },
  // "prefix-" + value, or value + "-suffix".
  { selector: `${CLASS_CONTEXT} BinaryExpression[operator='+'] > Literal[value=/(^[A-Za-z0-9:-])|([A-Za-z0-9:-]$)/]`, message: CLASS_MESSAGE },
];

// Layers (README "Project layout"): imports only point down.
//   routes, root.tsx → services, realtime → models → db → utils, schemas
// utils and schemas are leaves; components are drawn from props and import
// only leaves (and types). Nothing in app/ or db/ imports server/ (ADR 019).
const IMPORT_OF = {
  routes: "^(~/routes/|(\\.\\./)+routes/)",
  root: "^(~/root$|(\\.\\./)+root$)",
  services: "^(~/services/|(\\.\\./)+services/)",
  realtime: "^(~/realtime/|(\\.\\./)+realtime/)",
  components: "^(~/components/|(\\.\\./)+components/)",
  models: "^(~/models/|(\\.\\./)+models/)",
  db: "^(#db/|(\\.\\./)+db/)",
  server: "^(\\.\\./)+server(/|$)",
  serverModule: "\\.server$",
};
const LAYERS = [
  { name: "routes", files: ["app/routes/**", "app/root.tsx", "app/entry.*.tsx", "app/server-runtime.server.ts", "app/bootstrap.server.ts"], mayNot: ["server"] },
  { name: "services", files: ["app/services/**"], mayNot: ["routes", "root", "components", "realtime", "server"] },
  { name: "realtime", files: ["app/realtime/**"], mayNot: ["routes", "root", "components", "server"] },
  { name: "models", files: ["app/models/**"], mayNot: ["routes", "root", "services", "realtime", "components", "server"], typesFrom: ["realtime"] },
  { name: "components", files: ["app/components/**"], mayNot: ["routes", "root", "services", "realtime", "db", "server", "serverModule"], typesFrom: ["services", "serverModule", "db"] },
  { name: "db", files: ["db/**"], mayNot: ["routes", "root", "services", "realtime", "components", "models", "server"] },
  { name: "utils", files: ["app/utils/**"], mayNot: ["routes", "root", "services", "realtime", "components", "models", "db", "server"], typesFrom: ["root"] },
  { name: "schemas", files: ["app/schemas/**"], mayNot: ["routes", "root", "services", "realtime", "components", "models", "db", "server"], typesFrom: ["db", "models"] },
];
const layerRules = LAYERS.map(({ name, files, mayNot, typesFrom = [] }) => ({
  files: files.map((glob) => (glob.endsWith("**") ? `${glob}/*.{ts,tsx}` : glob)),
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: mayNot.map((target) => ({
          regex: IMPORT_OF[target],
          allowTypeImports: typesFrom.includes(target),
          message: `The ${name} layer may not import ${target === "serverModule" ? "server-only (*.server) modules" : target} (imports point down: see README "Project layout").`,
        })),
      },
    ],
  },
}));
// Links to our own pages are written <AppLink to> (app/components/ui/app-link.tsx),
// which renders the plain `<a href data-discover>` that the body's click handler
// follows (decision 020); the anchor itself is written in that one file.
const rawInAppAnchors = [
  {
    selector: "JSXAttribute[name.name='data-discover']",
    message: "Write <AppLink to=\"/…\"> (~/components/ui/app-link) for a link to one of our pages, not a raw data-discover anchor (decision 020).",
  },
];
// No formData() without readForm, and Tailwind class names written whole.
const appSyntaxRules = [
  {
    selector: "CallExpression[callee.property.name='formData'][arguments.length=0]",
    message: "Use readForm(request) from ~/utils/form-data.server.",
  },
  ...assembledClassNames,
];

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
    // Lesson content is read only through app/models/learning/access.server.ts, which
    // applies the Premium and visibility rules (issue 10: a route that read
    // lessons directly leaked a premium course).
    files: ["app/**/*.{ts,tsx}"],
    // The companion's library indexes section text; its searchLibrary applies the same rules in SQL.
    // The captions models (issue 38) read a section's video address and type, never its text, and
    // let members read captions only through findLessonForViewer.
    ignores: [
      "app/models/learning/access.server.ts",
      "app/models/learning/lesson.server.ts",
      "app/models/companion/companion-library.server.ts",
      "app/models/learning/captions.server.ts",
      "app/models/learning/caption-store.server.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "~/models/learning/lesson.server",
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
    // One module graph (docs/decisions/019): the HTTP process reaches the app
    // only through the Remix build's serverRuntime, never by importing app/ or
    // db/ itself, which would bundle a second copy of them into build/server.mjs.
    files: ["server/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~|#db)/|^(\\.\\./)+(app|db)(/|$)",
              allowTypeImports: true,
              message: "server/ takes what it needs from the app through serverRuntime (app/server-runtime.server.ts), so each module exists once.",
            },
          ],
        },
      ],
    },
  },
  ...layerRules,
  {
    // Form bodies are read through ~/utils/form-data.server, which answers a
    // malformed body with 400 instead of letting formData() throw a 500.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/utils/form-data.server.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...appSyntaxRules, ...rawInAppAnchors],
    },
  },
  {
    // The one place the raw anchor is written (a later block replaces the rule's list).
    files: ["app/components/ui/app-link.tsx"],
    rules: {
      "no-restricted-syntax": ["error", ...appSyntaxRules],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Every query is a promise (issue 42): a write that is not awaited would run
    // outside its transaction or fail unseen. Type-aware, so only where the
    // data layer is used on the server.
    files: ["app/models/**/*.ts", "app/services/**/*.ts", "app/realtime/**/*.ts", "app/routes/**/*.{ts,tsx}", "app/*.server.ts", "db/**/*.ts", "server/**/*.ts", "scripts/**/*.ts", "tests/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      // A promise where a boolean is tested (`if (!mayAttend(…))`) or where a
      // callback's result is ignored (an async listener whose failure nobody sees).
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
);
