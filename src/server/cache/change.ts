/** What a write changed, for the caches (purge.ts): key prefixes of cached reads, and tags of cached pages. */
export type Change = { reads: readonly string[]; pages: readonly string[] };
