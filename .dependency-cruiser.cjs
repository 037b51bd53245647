// The layers' import rules, checked by `npm run lint` (part of `npm test`); ARCHITECTURE.md explains them.
// Pages and endpoints → http → domain services → db; the browser's code (islands, stores, src/browser, src/lib)
// never reaches into the server, and src/lib (shared by both) into neither.

/** The domain services under src/server: everything but storage, HTTP, start-up and the demo data. */
const DOMAIN =
  '^src/server/(accounts|cache|catalog|content|events|mail|manifest|media|monitoring|orders|payments|returns|payouts|reviews|search|seo|sms|wishlist)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Two modules importing each other, directly or through others.',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'db-is-the-bottom-layer',
      severity: 'error',
      comment: 'The database layer imports no service.',
      from: { path: '^src/server/db/' },
      to: { path: '^src/', pathNot: ['^src/server/db/', '^src/server/log\\.ts$', '^src/server/config\\.ts$'] },
    },
    {
      name: 'services-speak-no-http',
      severity: 'error',
      comment:
        'Services throw the errors in src/server/errors.ts; only endpoints answer. The page cache keeps whole HTTP replies, so it alone uses the encoding and ETag helpers.',
      from: { path: DOMAIN, pathNot: '^src/server/cache/page-cache\\.ts$' },
      to: { path: '^src/server/http/' },
    },
    { name: 'services-never-import-pages', severity: 'error', from: { path: DOMAIN }, to: { path: '^src/pages/' } },
    {
      name: 'browser-code-never-imports-the-server',
      severity: 'error',
      comment: 'Islands, stores, page scripts, src/browser and src/lib run in the browser: they reach the server through the API.',
      from: { path: '^src/(islands|stores|scripts|browser|lib|dev)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'lib-is-pure',
      severity: 'error',
      comment: 'src/lib holds rules, tables and words the server and the browser share; what needs the browser lives in src/browser.',
      from: { path: '^src/lib/' },
      to: { path: '^src/(browser|islands|stores|scripts|dev|components|pages)/' },
    },
    {
      name: 'dev-pages-only',
      severity: 'error',
      comment: 'The developer pages (/test, /api-test, /toast-demo) and the mock API are used by those pages alone.',
      from: { path: '^src/', pathNot: ['^src/dev/', '^src/pages/(test|api-test|toast-demo)\\.astro$'] },
      to: { path: '^src/dev/' },
    },
    {
      name: 'domain-announces-side-effects',
      severity: 'error',
      comment:
        'Orders, payments, payouts, accounts and returns announce what happened (src/server/events); the texts and mails are subscribers, registered in events/subscribers.ts.',
      from: { path: '^src/server/(orders|payments|payouts|accounts|returns)/' },
      to: { path: '^src/server/(sms|mail)/' },
    },
    {
      name: 'domain-knows-no-demo-or-start-up',
      severity: 'error',
      comment: 'Services run the same in a demo and a live store: the demo data and the start-up steps use them, never the other way round.',
      from: { path: DOMAIN },
      to: { path: ['^src/server/demo-data/', '^src/server/startup\\.ts$', '^src/server/serve\\.ts$', '^src/server/fakes/'] },
    },
    {
      name: 'payment-fakes-load-only-when-asked',
      severity: 'error',
      comment: 'The payment fakes (PAYMENT_FAKES=1) are imported only dynamically, behind the switch, so no live store loads them.',
      from: { pathNot: '^src/server/fakes/' },
      to: { path: '^src/server/fakes/', dynamic: false },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|\\.astro)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
