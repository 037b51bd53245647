/**
 * What the local fake gateways share (payment services, SMS): listening on a local port, reading and answering
 * JSON, their small HTML pages, the `/__fake/fail` switch, callbacks sent to the store and timers per payment.
 */
import http from 'node:http';

export type FakeServer = { baseUrl: string; stop(): Promise<void> };

/** Listens on 127.0.0.1 (`port` 0: any free port); stop() also drops keep-alive and hanging connections. */
export async function listen(server: http.Server, port = 0): Promise<FakeServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * Serves `handle` on 127.0.0.1 (`listen`), answering with `crashed` when it throws before replying, so a fake's
 * own bug shows as a reply the test reads instead of a hung request.
 */
export function listenGuarded(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<unknown>,
  crashed: (res: http.ServerResponse, error: unknown) => void,
  port = 0,
): Promise<FakeServer> {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) crashed(res, error);
      else res.end();
    });
  });
  return listen(server, port);
}

export function readText(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A gateway's own page (the buyer's browser sees it in the end-to-end tests). Its icon is given inline so
 * the browser does not ask the fake for /favicon.ico, a 404 the end-to-end guard would report.
 */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** A request header as one string ('' when missing). */
export function headerOf(req: http.IncomingMessage, name: string): string {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** A body parsed as a JSON object; undefined when it is not one. */
export function jsonObjectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export type FailureMode = 'http500' | 'hang';

/**
 * The `/__fake/fail` switch: the next call(s) to an API path fail, with an HTTP 500 or by never answering. A path
 * ending in `*` covers every path that starts with it; `method` narrows it to one method.
 */
export function createFailureSwitch() {
  let failures: { path: string; method: string; mode: FailureMode; times: number }[] = [];
  const normalise = (path: string) => path.replace(/^\/+/, '').split('?')[0]!;
  return {
    /** Adds a failure from a `/__fake/fail` body; the reason it is refused, or null. */
    add(body: Record<string, unknown>): string | null {
      const { path, method, mode, times } = body;
      if (typeof path !== 'string' || (mode !== 'http500' && mode !== 'hang')) return "Send {path, mode: 'http500' | 'hang', method?, times?}";
      failures.push({
        path: normalise(path),
        method: typeof method === 'string' ? method.toUpperCase() : '',
        mode,
        times: typeof times === 'number' && times > 0 ? times : 1,
      });
      return null;
    },
    /** The failure a call gets, counted, or null. */
    take(method: string, path: string): FailureMode | null {
      const failure = failures.find(
        (entry) => (!entry.method || entry.method === method) && (entry.path.endsWith('*') ? path.startsWith(entry.path.slice(0, -1)) : path === entry.path),
      );
      if (!failure) return null;
      failure.times -= 1;
      if (failure.times <= 0) failures = failures.filter((entry) => entry !== failure);
      return failure.mode;
    },
    reset() {
      failures = [];
    },
  };
}

/** Answers a call the failure switch caught: a 500, or nothing at all (the connection stays open until the fake stops). */
export function answerFailure(res: http.ServerResponse, mode: FailureMode): void {
  if (mode === 'http500') res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
}

/** A notification a fake sent to the store, with the store's answer (or why there was none). */
export type Delivery = {
  url: string;
  method: string;
  body: unknown;
  sentAt: string;
  reply: { status: number; body: string } | null;
  error: string | null;
};

/** Sends one notification (a network's callback) and records what the store answered; never retried. */
export async function deliver(url: string, method: string, body: unknown, timeoutMs = 5_000): Promise<Delivery> {
  const delivery: Delivery = { url, method, body, sentAt: new Date().toISOString(), reply: null, error: null };
  try {
    const response = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    delivery.reply = { status: response.status, body: await response.text() };
  } catch (error) {
    delivery.error = error instanceof Error ? error.message : String(error);
  }
  return delivery;
}

/** Timers a fake keeps per payment (its decision, its expiry), all dropped on reset and stop. */
export function createTimers() {
  const byKey = new Map<string, NodeJS.Timeout[]>();
  return {
    after(key: string, ms: number, run: () => void) {
      const timer = setTimeout(() => {
        byKey.set(
          key,
          (byKey.get(key) ?? []).filter((entry) => entry !== timer),
        );
        run();
      }, ms);
      timer.unref();
      byKey.set(key, [...(byKey.get(key) ?? []), timer]);
    },
    clear(key: string) {
      for (const timer of byKey.get(key) ?? []) clearTimeout(timer);
      byKey.delete(key);
    },
    clearAll() {
      for (const key of [...byKey.keys()]) this.clear(key);
    },
  };
}
