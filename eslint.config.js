// The lint step of `npm test` (ADR 0038): a guard for conventions the compiler does not check, not a formatter.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Build output, dependencies, the generated OpenAPI types, and local data and scratch folders (see .gitignore).
  { ignores: ['dist/', 'dist-*/', 'node_modules/', 'adapters/http/openapi-types.ts', 'data/', 'scratch/', 'bench/out/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a binding left unused on purpose; a rest sibling drops the fields it names.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Text rules here match control characters on purpose (XML 1.0's forbidden ones, NUL in search terms and slugs).
      'no-control-regex': 'off',
    },
  },
  {
    // One use case per file (ADR 0038): a second class in an application/ file is a second use case, or a helper
    // that wants its own name.
    files: ['application/**/*.ts'],
    ignores: ['application/errors.ts'],
    rules: { 'max-classes-per-file': ['error', 1] },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Response bodies are untyped JSON in the HTTP tests; chai's property assertions (`.to.be.empty`) are expressions.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
);
