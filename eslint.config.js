import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Lint and the import boundaries of the repository: src/domain is pure TypeScript shared by
 * both sides, the browser app never reaches into the server, and the server never loads React.
 */
const serverModules = [
  '**/server/**',
  'fastify',
  'fastify-*',
  '@fastify/*',
  'kysely',
  'kysely-*',
  'pg',
  '@electric-sql/*',
  'sharp',
  'pg-boss',
  'grammy',
];
const browserModules = [
  'react',
  'react-dom',
  'react-dom/*',
  'react-admin',
  'ra-*',
  '@mui/*',
  'react-router',
  'react-router-dom',
  '@emotion/*',
  'recharts',
];

/**
 * The layers of the browser app, lowest first. A layer may import those below it, never those
 * above: the providers are handed the resources by App.tsx, so no import loop runs through them.
 */
const LAYERS = [
  { type: 'domain', pattern: 'src/domain' },
  { type: 'i18n', pattern: 'src/i18n' },
  { type: 'providers', pattern: 'src/providers' },
  { type: 'resources', pattern: 'src/resources' },
  { type: 'layout', pattern: 'src/layout' },
  { type: 'pages', pattern: 'src/pages' },
  // App.tsx, main.tsx: the composition of everything above.
  { type: 'app', pattern: 'src' },
];
const FORBIDDEN = {
  domain: ['i18n', 'providers', 'resources', 'layout', 'pages', 'app'],
  i18n: ['providers', 'resources', 'layout', 'pages', 'app'],
  providers: ['resources', 'layout', 'pages', 'app'],
  resources: ['app'],
  layout: ['pages', 'app'],
  pages: ['app'],
};

const boundary = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS.map((layer) => ({ ...layer, partialMatch: false })),
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: Object.entries(FORBIDDEN).map(([from, to]) => ({
            from: { element: { type: from } },
            disallow: { to: { element: { types: { anyOf: to } } } },
            message: `src/${from} may not import ${to.join(', ')}: the layers import downwards only (eslint.config.js).`,
          })),
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(
        [...serverModules, ...browserModules, '**/providers/**', '**/resources/**', '**/layout/**', '**/pages/**'],
        'src/domain is shared by browser and server: no React, no Fastify, no server or screen code.',
      ),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/**'],
    rules: {
      'no-restricted-imports': boundary(
        serverModules,
        'The browser app talks to the server over HTTP only: no server code or server libraries in src.',
      ),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(
        [
          ...browserModules,
          '**/src/*',
          '**/src/*/**',
          '!**/src/domain',
          '!**/src/domain/**',
          '!**/src/i18n',
          '**/src/i18n/*',
          '!**/src/i18n/catalogue',
        ],
        'The server shares only src/domain (and the plain-data text catalogue) with the browser: no React, no screens.',
      ),
    },
  },
);
