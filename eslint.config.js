import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'admin/dist/**', 'data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Dates in the interface language: react-admin's DateField formats in the browser's (en-US dates on a Spanish
    // screen); admin/src/components/DateField.tsx passes the interface's.
    files: ['admin/src/**/*.{ts,tsx}'],
    ignores: ['admin/src/components/DateField.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react-admin', importNames: ['DateField'], message: "Use DateField from admin/src/components/DateField.tsx (the interface's language)." }] }],
    },
  },
  {
    files: ['cli/bin.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
