/** A running store's own account of its memory (src/server/process-memory.ts): SIGUSR2 makes it log one `memory` line. */
import type { MemoryReport } from '../../src/server/process-memory';
import type { RunningStore } from './server';

export async function readMemoryReport(store: RunningStore, timeoutMs = 5000): Promise<MemoryReport> {
  const before = store.output().length;
  process.kill(store.pid, 'SIGUSR2');
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    const line = store
      .output()
      .slice(before)
      .split('\n')
      .find((text) => text.includes('"memory":'));
    if (line?.endsWith('}')) return (JSON.parse(line) as { memory: MemoryReport }).memory;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The store (process ${store.pid}) did not report its memory within ${timeoutMs} ms`);
}
