// The app is written against React's API (its types and hooks) and runs on Preact through
// preact/compat: a door phone loads about 10 KB of Preact instead of about 60 KB of React DOM,
// and parses it before its first verdict (issue 23: the door route's JS budget and cold start).
// One list for the build and the unit tests, so tests render what ships. Exact matches only:
// `react` must not swallow `react/jsx-runtime` or `react-dom/client`.
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];
