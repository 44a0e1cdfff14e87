import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          // The package's index names every icon: the dev server would load them all on every page.
          paths: [
            {
              name: 'lucide-react',
              allowTypeImports: true,
              message: "Import each icon from 'lucide-react/icons/<name>'.",
            },
          ],
          // A contract with schemas brings zod (about 25 KB gzip) into the page that imports it: the web
          // takes values only from the contracts written without zod, and types from any.
          patterns: [
            {
              regex:
                '/contracts/(?!(?:[\\w-]+-constants|password-rules|csv-problem|plain-text|question-formats|web-areas)\\.js$)',
              allowTypeImports: true,
              message:
                'The web imports values only from the zod-free contracts (*-constants.ts and the other plain modules); move the value there.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures declare their dependencies by destructuring, including none.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Areas never import each other; shared layers never import an area.
    files: ['server/platform/**', 'web/ui/**', 'web/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/cases/**', '**/lms/**', '**/network/**'] }],
    },
  },
  ...['cases', 'lms', 'network'].flatMap((area) => {
    const others = ['cases', 'lms', 'network'].filter((other) => other !== area);
    return [
      {
        files: [`server/${area}/**`, `web/${area}/**`],
        rules: {
          'no-restricted-imports': [
            'error',
            { patterns: others.flatMap((other) => [`**/${other}/**`, `../${other}/*`, `**/contracts/${other}.js`]) },
          ],
        },
      },
    ];
  }),
);
