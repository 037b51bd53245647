/** /toast-demo: an island that crashes while rendering on request, to show the error screen and its report. */
import { useState } from 'react';
import { useHydrated } from '~/islands/use-hydrated';

function Crash(): never {
  throw new Error('Crash requested on /toast-demo');
}

export default function CrashDemo() {
  const hydrated = useHydrated();
  const [crashing, setCrashing] = useState(false);
  if (crashing) return <Crash />;
  return (
    <button type="button" className="button secondary danger" disabled={!hydrated} onClick={() => setCrashing(true)}>
      Crash this island
    </button>
  );
}
