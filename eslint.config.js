// ESLint 9 flat config: typescript-eslint's recommended rules with type information
// (recommendedTypeChecked), React's rules of hooks, and jsx-a11y for the markup. Plain JavaScript
// files (this one) are outside the TypeScript project and get the rules that need no types.
// `npm run lint` allows no warnings and then runs `prettier --check`.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The rooms of app/server/, lowest first (docs/architecture.md, "Where the code is"): a module imports
// from its own room and the rooms below it, never from a room above it or from a route.
const SERVER_ROOMS = ["platform", "db", "mail", "auth", "http", "features", "jobs"];
const serverLayers = SERVER_ROOMS.map((room, index) => {
  const above = SERVER_ROOMS.slice(index + 1);
  const patterns = [{ group: ["~/routes/**", "**/routes/**"], message: "app/server/ does not import routes." }];
  if (above.length > 0) {
    patterns.push({
      regex: `^(~/server/|(\\.\\./)+)(${above.join("|")})/`,
      message: `app/server/${room}/ sits below ${above.join(", ")}: move what both need down (docs/architecture.md, "Where the code is").`,
    });
  }
  return { files: [`app/server/${room}/**/*.{ts,tsx}`], rules: { "no-restricted-imports": ["error", { patterns }] } };
});

export default tseslint.config(
  { ignores: ["worker-configuration.d.ts", "build/", ".wrangler/", "node_modules/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  // Plain JavaScript (this file) is outside tsconfig.json's project: no rule that needs types runs on it.
  { files: ["**/*.{js,mjs,cjs}"], ...tseslint.configs.disableTypeChecked },
  { files: ["**/*.{js,mjs,cjs}"], languageOptions: { globals: globals.node } },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Remix hands a thrown plain object to the browser's error deserialiser, which can be made to
      // construct any global (GHSA-337j-9hxr-rhxg, unfixed on Remix 2): throw Errors and Responses only.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "@remix-run/server-runtime", name: "TypedResponse" },
          ],
        },
      ],
      // What React or a catch hands over as `unknown` is passed on as it came: Remix answers a thrown
      // Response by its status, so wrapping it in an Error would change the page (only-throw-error
      // allows the same by default).
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // workers/app.ts imports the server build, which exists only after `npm run build`.
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
    },
  },
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...serverLayers,
  {
    // Tests suspend React components the way Remix's hydration-data transfer does: by throwing a promise.
    files: ["tests/**/*.ts"],
    rules: {
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "lib", name: "Promise" },
          ],
        },
      ],
    },
  },
);
