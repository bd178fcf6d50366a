// Lint for src/ and test/ (run by `npm test` after the type check, and by `npm run lint`): the
// typescript-eslint recommended rules. A rule is switched off only at one line, with the reason next to it.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', '.cache/**', 'node_modules/**', '.test-artifacts/**'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: {
      // `_` marks a parameter or binding kept for its position or to drop a field from a rest object.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
);
