/**
 * Starts the store: the built Astro app (the Node adapter's middleware mode) behind a plain Node HTTP server
 * that adds what the adapter lacks — built files sent from the brotli/gzip copies made at build time (http/static-files.ts),
 * cached pages answered before Astro routes them (http/cached-pages.ts), the static pages' search index from
 * memory (http/page-search-files.ts), compression of everything else, a
 * clear error when the port is taken (the adapter exits 0 silently), a database that is migrated, seeded when
 * empty and warmed before the first request is answered, request bodies bounded by route as they arrive, the
 * sender of queued text messages, the cancelling of orders not paid in time, and a graceful shutdown that closes the database.
 */
import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { config, reloadConfig, setLibraryVariable } from './config';
import { closeDatabase, getDatabaseHandle } from './db/client';
import { prepareDatabase } from './startup';
import { receiveBody } from './http/body-guard';
import { assertProductionConfig } from './http/origin';
import { applySecurityHeaders } from './http/security-headers';
import { corsOriginsProblem, handleCors } from './http/cors';
import { varyApiByLanguage } from './http/reply-language';
import { answerFromPageCache } from './http/cached-pages';
import { guardEdgeHeaders } from './http/edge-headers';
import { redirectToChosenLanguage } from './http/language-redirect';
import { createStaticFileServer } from './http/static-files';
import { answerPageSearchFile } from './http/page-search-files';
import { closePageSearch } from './content/page-search-index';
import { startMobileMoneyReconciler } from './payments/mobile-money-news';
import { startSmsSender } from './sms/sms';
import { startSubscribers } from './events/subscribers';
import { startUnpaidOrderCanceller } from './orders/unpaid-orders';
import { startLoosePageCloser } from './payments/page-closer';
import { startPayoutRounds } from './payouts/payout-reconcile';
import { startRateLimitPruner } from './rate-limit';
import { boundPictureMemory, reportMemoryOnSignal } from './process-memory';
import { log, refuseToStart } from './log';
import { trackRequest } from './monitoring/request-tracking';
import { nameRoute, nameRouteFromMemory } from './monitoring/request-context';

const ENTRY = path.resolve('dist/server/entry.mjs');
const CLIENT_FILES = path.resolve('dist/client');
const SHUTDOWN_GRACE_MS = 5_000;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function loadAppHandler(): Promise<Handler> {
  if (!existsSync(ENTRY)) throw new Error(`The store is not built (${ENTRY} is missing). Run \`npm run build\` first.`);
  const entry = (await import(pathToFileURL(ENTRY).href)) as { handler: Handler };
  return entry.handler;
}

function decodableUrl(url: string | undefined): boolean {
  try {
    decodeURI(url ?? '/');
    return true;
  } catch {
    return false;
  }
}

/** Demos without the networks' keys pay through local fakes, pointed at before the app reads its settings. */
async function startDemoFakes(port: number): Promise<{ stop(): Promise<void> } | null> {
  // Loaded only when asked for (a production store refused PAYMENT_FAKES at start), so no live process holds them.
  if (!config.PAYMENT_FAKES) return null;
  const demoFakes = await (await import('./fakes/demo-fakes')).startDemoPaymentFakes(`http://127.0.0.1:${port}`);
  reloadConfig(demoFakes.env);
  if (demoFakes.faked.length)
    log.info(`PAYMENT_FAKES=1: ${demoFakes.faked.join(', ')} answered by local fakes (mobile money numbers ending in 13 are declined)`);
  return demoFakes;
}

/**
 * The store's work on a schedule, started once the database is ready: mobile money requests still waiting are
 * asked about (none is lost across a restart), ended rate-limit windows deleted, queued texts and due retries
 * sent, orders paid online that nobody paid in time cancelled (their items go back), payment pages the store let
 * go but could not close yet closed, payout days run and
 * mobile money payouts still pending settled.
 */
function startScheduledWork(ready: Promise<unknown>): { stopTimers(): void; stopSmsSender(): Promise<void> } {
  let timers: (() => void)[] = [];
  let stopSmsSender = async () => {};
  let stopped = false;
  void ready.then(() => {
    if (stopped) return;
    timers = [startMobileMoneyReconciler(), startUnpaidOrderCanceller(), startLoosePageCloser(), startPayoutRounds(), startRateLimitPruner()];
    stopSmsSender = startSmsSender();
  });
  return {
    stopTimers: () => {
      stopped = true;
      for (const stop of timers) stop();
    },
    stopSmsSender: () => stopSmsSender(),
  };
}

/**
 * Every body is taken in within its route's allowance before the app sees the request (http/body-guard.ts);
 * a client that asked `Expect: 100-continue` is told to send its body only once it may. Security headers go
 * on every reply, refusals included, and so do the API's CORS headers for the origins CORS_ORIGINS lists (a
 * preflight is answered here) and the API's `Vary: Accept-Language` (its messages follow the language asked).
 * What an edge cache may keep is settled on every reply as its head is written (http/edge-headers.ts).
 * Built files and cached pages are answered before the app and its compression, after a shopper who chose
 * another language is sent to the page in it.
 */
function createStoreServer(ready: Promise<Handler>): http.Server {
  const compress = compression({ threshold: 1024 });
  const serveStaticFile = createStaticFileServer(CLIENT_FILES);
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse, onAdmitted?: () => void) => {
    applySecurityHeaders(res);
    guardEdgeHeaders(req, res);
    if (handleCors(req, res)) return nameRoute('(preflight)');
    varyApiByLanguage(req, res);
    if (serveStaticFile(req, res)) return nameRouteFromMemory('(static)');
    if (redirectToChosenLanguage(req, res)) return nameRoute('(language redirect)');
    if (answerFromPageCache(req, res)) return;
    if (answerPageSearchFile(req, res)) return nameRoute('(page search)');
    if (!(await receiveBody(req, res, onAdmitted))) return;
    if (!decodableUrl(req.url)) return void res.writeHead(400).end('Bad request.');
    ready.then(
      (handler) => compress(req as never, res as never, () => handler(req, res)),
      () => {
        res.writeHead(503).end('The store failed to start; see the server log.');
      },
    );
  };
  const server = http.createServer((req, res) => trackRequest(req, res, () => void serve(req, res)));
  server.on('checkContinue', (req, res) => trackRequest(req, res, () => void serve(req, res, () => res.writeContinue())));
  return server;
}

/** Listens, saying clearly why not when the port is taken or not allowed, and that the store is ready once it is. */
function listen(server: http.Server, ready: Promise<unknown>): void {
  const { PORT: port, HOST: host } = config;
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      refuseToStart(
        `Port ${port} on ${host} is already in use by another program.\n` +
          `Stop that program, or start the store on another port, e.g. PORT=${port + 1} npm start`,
      );
    }
    if (error.code === 'EACCES') refuseToStart(`Not allowed to listen on port ${port} on ${host}; choose a port above 1023 with PORT=...`);
    refuseToStart(`The server could not listen: ${error.message}`);
  });
  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    void ready.then(async () => {
      const { driver } = await getDatabaseHandle();
      log.info(`Store ready at http://${host === '0.0.0.0' ? 'localhost' : host}:${actualPort} (database: ${driver})`);
    });
  });
}

/**
 * On SIGINT or SIGTERM: scheduled work stops starting, open requests finish (for a few seconds at most), then
 * everything the store opened is closed.
 */
function stopOnSignals(server: http.Server, { stopTimers, closeAll }: { stopTimers(): void; closeAll(): Promise<void> }): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing open requests, then closing the database.`);
    stopTimers();
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      try {
        await closeAll();
        process.exit(0);
      } catch (error) {
        log.error({ err: error }, 'Closing the database failed');
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

async function main() {
  assertProductionConfig();
  // Texts, mails and edge purges hear the writes of both bundles (this script's and the Astro app's) from here on.
  startSubscribers();
  reportMemoryOnSignal();
  boundPictureMemory();
  const corsProblem = corsOriginsProblem(config.CORS_ORIGINS);
  if (corsProblem) refuseToStart(`The store cannot start: ${corsProblem}`);
  // The built store runs its libraries' production builds: React's development build renders a product page
  // about twice as slowly (it checks every element). Set only after the check above, for which an explicit
  // NODE_ENV=production means a live store that must name its SITE_URL. The libraries read the value as the
  // store does (config.ts): `Production` or `prod` would otherwise give them their development builds.
  setLibraryVariable('NODE_ENV', config.NODE_ENV ?? 'production');
  const demoFakes = await startDemoFakes(config.PORT);

  // Requests that arrive while the database is still being prepared wait for it rather than fail.
  const ready = Promise.all([loadAppHandler(), prepareDatabase({ log: (line) => log.info(line) })]).then(([handler]) => handler);
  ready.catch((error: unknown) => {
    refuseToStart(`The store could not start: ${error instanceof Error ? error.message : String(error)}`);
  });
  const scheduledWork = startScheduledWork(ready);
  const server = createStoreServer(ready);
  listen(server, ready);
  stopOnSignals(server, {
    stopTimers: scheduledWork.stopTimers,
    closeAll: async () => {
      await scheduledWork.stopSmsSender();
      await demoFakes?.stop();
      await closePageSearch();
      await closeDatabase();
    },
  });
}

void main();
