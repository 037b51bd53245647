import { useEffect, useState } from 'react';

/** False in the server's HTML and until the island has hydrated: controls that need the island stay disabled. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
