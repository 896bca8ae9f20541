// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import {
  crossings,
  infrastructureTables,
  tableOwners,
} from './apps/api/src/modules/table-owners.js';

/**
 * Dependency direction (ARCHITECTURE.md): web -> contracts -> domain; api -> contracts, domain, db;
 * nothing imports apps. Enforced on resolved paths, so a relative import cannot sneak around it.
 */
const layerZones = [
  {
    target: './packages/domain',
    from: ['./packages/contracts', './packages/db', './apps'],
    message: 'domain is pure and imports nothing of ours.',
  },
  {
    target: './packages/contracts',
    from: ['./packages/db', './apps'],
    message: 'contracts may import domain only.',
  },
  {
    target: './packages/db',
    from: ['./packages/contracts', './apps'],
    message: 'db imports nothing of ours but domain.',
  },
  {
    target: './apps/web',
    from: ['./packages/db', './apps/api'],
    message: 'web talks to the API over HTTP.',
  },
  { target: './apps/api', from: ['./apps/web'], message: 'nothing imports apps.' },
  {
    target: './e2e',
    from: ['./apps/web/src', './apps/api/src'],
    message: 'e2e drives the built app.',
  },
];

// ---- Web isolation rules (the API's module rule is a separate block) ----
const WEB_FEATURES = './apps/web/src/features';
const WEB_APP = './apps/web/src/app';
const WEB_ADMIN = './apps/web/src/admin';
/** Every folder under apps/web/src/features is a feature. */
const webFeatures = readdirSync(new URL(WEB_FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * Web features never import each other (the app layer composes them); shared code (lib/,
 * components/) never imports a feature, the app layer or the admin: shared -> features -> app.
 * The admin and the storefront (features/, app/) are two apps that meet only in shared code.
 */
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB_FEATURES}/${feature}`,
    from: WEB_FEATURES,
    except: [`./${feature}`],
    message: 'web features never import each other: compose them in src/app, share via src/lib.',
  })),
  {
    target: ['./apps/web/src/lib', './apps/web/src/components'],
    from: [WEB_FEATURES, WEB_APP, WEB_ADMIN],
    message:
      'lib/ and components/ are shared code: they never import features, the app or the admin.',
  },
  {
    target: WEB_ADMIN,
    from: [WEB_FEATURES, WEB_APP],
    message:
      'the admin never imports the storefront: share the piece via src/components or src/lib.',
  },
  {
    target: [WEB_FEATURES, WEB_APP, './apps/web/src/main.tsx'],
    from: WEB_ADMIN,
    message:
      'the storefront never imports the admin: share the piece via src/components or src/lib.',
  },
];
// ---- end of web isolation rules ----

/**
 * API modules (apps/api/src/modules/<m>): from another module only its `index.ts` and its
 * `*-service.ts` files are public (types included); its repositories and other files are its
 * own. Each module builds its own repositories (its `index.ts` definition); the shared
 * infrastructure (src/shop-context.ts) and the composition root (src/app.ts) are not modules.
 */
const API_MODULES = './apps/api/src/modules';
const apiModulesPath = fileURLToPath(new URL(API_MODULES, import.meta.url));
const apiModules = readdirSync(apiModulesPath, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const apiModuleZones = apiModules.map((m) => ({
  target: `${API_MODULES}/${m}`,
  from: apiModules.filter((other) => other !== m).map((other) => `${API_MODULES}/${other}/**`),
  except: [`${apiModulesPath}/*/index.ts`, `${apiModulesPath}/*/*-service.ts`],
  message: "an API module imports another module's index.ts or its services, never its insides.",
}));

/**
 * One owner per table (apps/api/src/modules/table-owners.js): in a module, importing from
 * `@shop/db` a table another module owns is an error, unless the map's `crossings` declares it.
 * Tests arrange rows directly and are left out.
 */
const ownedTables = Object.values(tableOwners).flat();
const allowedTables = (/** @type {string} */ m) =>
  new Set([...(tableOwners[m] ?? []), ...(crossings[m] ?? []).flatMap((c) => c.tables)]);
const tableOwnerBlocks = apiModules.map((m) => {
  const allowed = allowedTables(m);
  const refused = [...ownedTables, ...Object.keys(infrastructureTables), 'schema'].filter(
    (table) => !allowed.has(table),
  );
  return {
    files: [`apps/api/src/modules/${m}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shop/db',
              importNames: refused,
              message: `another module owns this table (apps/api/src/modules/table-owners.js): go through its service.`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'packages/db/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only .js files unless told otherwise: without these extensions and the
      // parser for them, import-x/no-cycle never follows an import into a .ts or .tsx file.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layerZones, ...webZones, ...apiModuleZones] },
      ],
      // Follows imports inside the linted file's own package only: parsing node_modules was
      // three quarters of the rule's time, and no cycle can pass through another package, since
      // the layer zones let no package import back. No maxDepth: walking every depth costs under a
      // second here, and a depth limit would let a long cycle through.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...tableOwnerBlocks,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // sonner is loaded apart from the entry chunk (lib/toast.ts): a static import anywhere
    // else would put it back on every page's start.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/toast.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              message: "toasts go through lib/toast.ts (sonner's API, loaded after the page).",
            },
          ],
        },
      ],
    },
  },
  {
    // Asymmetric matchers (expect.any) are typed `any` by Vitest and Playwright.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The storefront's service worker, served as it is.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
