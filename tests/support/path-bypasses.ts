/**
 * Targets that once sent a browser from the store to another site through a "same-store" path: dot segments
 * that collapse into `//host`, encodings decoded later, backslashes, language prefixes, schemes, whitespace.
 * The login's redirect, the switches' `back` and the chosen-language redirect are each tested against all.
 */
export const PATH_BYPASSES = [
  '/.//evil.example/x',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/lg//evil.example',
  '/sw/.//evil.example',
  '/x/..//evil.example',
  '/\\evil.example',
  '/lg/\\evil.example',
  '/%5cevil.example',
  '/%5C%5Cevil.example',
  '/%2f%2fevil.example',
  '/%252f%252fevil.example',
  '//evil.example',
  '///evil.example',
  'https://evil.example',
  'HTTPS://evil.example/x',
  '/ /evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/x%0a/evil.example',
  '/..%2f..%2f/evil.example',
  '/%2e%2e%2f%2fevil.example',
  'javascript:alert(1)',
  '\\\\evil.example',
  'evil.example',
] as const;
