import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      // The data folders and bench reports a run leaves (git-ignored too).
      'data',
      '.data',
      'bench/reports',
      'server/db/migrations',
      // Generated from the server's OpenAPI document (npm run api:types).
      'web/lib/api-schema.d.ts',
    ],
  },
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
                '/contracts/(?!(?:[\\w-]+-constants|password-rules|case-languages|csv-formula-guard|csv-problem|plain-text|question-checks|question-formats|question-import|question-key|spreadsheet|text-files|web-areas|words)\\.js$)',
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
  // Import boundaries, one `no-restricted-imports` list per folder (ESLint keeps only the last matching one):
  // data flows web -> contracts <- server, areas never import each other, and the shared layers never
  // import an area.
  ...importBoundaries().map(([files, patterns]) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
);

/** [files, forbidden import patterns] for every folder with a boundary. */
function importBoundaries() {
  const areas = ['cases', 'lms', 'network'];
  const areaPatterns = (area) =>
    areas
      .filter((other) => other !== area)
      .flatMap((other) => [`**/${other}/**`, `../${other}/*`, `**/contracts/${other}.js`]);
  const allAreas = areas.map((area) => `**/${area}/**`);
  const web = '**/web/**';
  return [
    [['server/**'], [web]],
    [['contracts/**'], [web, '**/server/**']],
    [['server/platform/**'], [web, ...allAreas]],
    [['web/ui/**', 'web/lib/**'], allAreas],
    ...areas.flatMap((area) => [
      [[`server/${area}/**`], [web, ...areaPatterns(area)]],
      [[`web/${area}/**`], areaPatterns(area)],
    ]),
  ];
}
