/**
 * A stand-in for an edge cache's purge door in tests: counts the `PURGE /` requests it gets and the tags of
 * their `xkey` headers (and the `X-Purge-Secret` each carried), and refuses the next ones with a 500 when told to.
 */
import http from 'node:http';
import { listen } from '../../src/server/fakes/fake-server';

export type HeardPurge = { method: string; path: string; tags: string[]; secret: string | undefined; at: number; answered: number };

export type PurgeListener = {
  baseUrl: string;
  purges: HeardPurge[];
  /** The next `times` purges are answered 500. */
  refuse(times: number): void;
  /** Resolves when `count` purges have been heard (or fails after `withinMs`). */
  heard(count: number, withinMs?: number): Promise<HeardPurge[]>;
  stop(): Promise<void>;
};

export async function startPurgeListener(): Promise<PurgeListener> {
  const purges: HeardPurge[] = [];
  let refusals = 0;
  const server = http.createServer((req, res) => {
    const refused = refusals > 0;
    if (refused) refusals -= 1;
    const xkey = req.headers.xkey;
    const answered = refused ? 500 : 200;
    purges.push({
      method: req.method ?? '',
      path: req.url ?? '',
      tags: String(xkey ?? '')
        .split(/\s+/)
        .filter(Boolean),
      secret: req.headers['x-purge-secret'] as string | undefined,
      at: Date.now(),
      answered,
    });
    req.resume();
    req.on('end', () => res.writeHead(answered).end(refused ? 'refused' : 'purged'));
  });
  const listening = await listen(server);
  return {
    baseUrl: listening.baseUrl,
    purges,
    refuse: (times) => void (refusals = times),
    async heard(count, withinMs = 10_000) {
      const started = Date.now();
      while (purges.length < count) {
        if (Date.now() - started > withinMs) throw new Error(`heard ${purges.length} purges, not ${count}, within ${withinMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return purges;
    },
    stop: listening.stop,
  };
}
