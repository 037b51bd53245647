export const CONTENT_MESSAGES = {
  notFound: 'No such page or content',
  saved: 'Draft saved',
  published: 'Published: everyone sees it now',
  restored: 'Version restored and published',
  noDraft: 'There is no draft to publish: make a change first',
  noSuchVersion: 'No such version of this page',
  versionRequired: 'version: is required (the version of the page you started from)',
  stale: (who: string, when: string) =>
    `Not saved: ${who} changed this page at ${when}, after you opened it. Your text is still in the editor: copy it, reload the page to see the newer version, then make your change again.`,
} as const;
