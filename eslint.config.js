// ESLint for the whole tree: typescript-eslint's type-aware recommended rules, with the few
// that fight this codebase's deliberate patterns turned off (each one says why below).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  // Generated Prisma clients and the build output are not ours to lint.
  { ignores: ['src/generated/', 'dist/', 'coverage/', 'node_modules/', 'test-results/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // Each file is checked with its nearest tsconfig.json: the sandbox page with its DOM one.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Prettier wraps code at 120 but leaves long strings and comments alone: comments are wrapped
      // by hand. A text is not cut to fit a line rule (it is one string to read and to search for),
      // nor is a URL or a regular expression, so lines with those may run longer.
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true, ignoreStrings: true, ignoreTemplateLiterals: true },
      ],
      eqeqeq: ['error', 'always'],
      // `let x` assigned later is how a closure refers to an object built after it.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Async functions without an await are deliberate: they implement async interfaces (store
      // repositories, bench suites, Prisma's config) whose callers await them.
      '@typescript-eslint/require-await': 'off',
      // The registry erases each engine's types (`GameEngine<any, ...>`), engine state is plain
      // JSON, and tests read wire bodies and stored rows: values typed `any` flow through on
      // purpose, so the no-unsafe-* family would flag the design rather than bugs.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Engines, renderers and policies are plain objects of functions that never use `this`;
      // passing `engine.view` around is the intended use.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Tests may interpolate arrays of cards and numbers into failure messages: that is the point.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowArray: true, allowNumber: true }],
    },
  },
  {
    // The fake Discord speaks the raw wire protocol: numbers compared with discord-api-types
    // enums, `any` JSON bodies, ws frames (Buffers) turned into text.
    files: ['src/sandbox/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // Plain JavaScript outside every tsconfig (CommonJS for dependency-cruiser).
    files: ['eslint.config.js', '.dependency-cruiser.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { module: 'writable' } },
  },
)
