import { runLoad } from './load-client';
const words = ['tablet', 'phone', 'samsung 65', 'tab', 'earrings', 'apple', 'smat tv', 'monnitor', 'philis', 'sugar', 'eggs', 'dstv hd decoder', 'lattafa khamrah', 'shoes', 'jewellery'];
const paths = words.map((w) => `/api/live-search?q=${encodeURIComponent(w)}&limit=6`);
const base = process.argv[2]!;
await runLoad({ baseUrl: base, paths, connections: 10, seconds: 3 });
const run = await runLoad({ baseUrl: base, paths, connections: 10, seconds: 10 });
const sorted = [...run.latencies].sort((a, b) => a - b);
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!.toFixed(1);
console.log(`${(run.latencies.length / run.elapsedSeconds).toFixed(0)} req/s p50 ${at(0.5)} p90 ${at(0.9)} p99 ${at(0.99)} errors ${run.connectionErrors} non2xx ${run.non2xx}`);
