/**
 * Starts the store: the built Astro app behind a plain Node HTTP server that adds what the standalone
 * adapter lacks — built files sent from the brotli/gzip copies made at build time (http/static-files.ts),
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
import { startUnpaidOrderCanceller } from './orders/unpaid-orders';
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
  setLibraryVariable('ASTRO_NODE_AUTOSTART', 'disabled');
  const entry = (await import(pathToFileURL(ENTRY).href)) as { handler: Handler };
  return entry.handler;
}

async function main() {
  assertProductionConfig();
  reportMemoryOnSignal();
  boundPictureMemory();
  const corsProblem = corsOriginsProblem(config.CORS_ORIGINS);
  if (corsProblem) refuseToStart(`The store cannot start: ${corsProblem}`);
  // The built store runs its libraries' production builds: React's development build renders a product page
  // about twice as slowly (it checks every element). Set only after the check above, for which an explicit
  // NODE_ENV=production means a live store that must name its SITE_URL; an explicit other value is kept.
  setLibraryVariable('NODE_ENV', 'production', { onlyIfUnset: true });
  const { PORT: port, HOST: host } = config;
  const compress = compression({ threshold: 1024 });
  const serveStaticFile = createStaticFileServer(CLIENT_FILES);

  // Demos without the networks' keys pay through local fakes, pointed at before the app reads its settings. They
  // are loaded only when asked for (a production store refused PAYMENT_FAKES above), so no live process holds them.
  const demoFakes = config.PAYMENT_FAKES ? await (await import('./fakes/demo-fakes')).startDemoPaymentFakes(`http://127.0.0.1:${port}`) : null;
  if (demoFakes) reloadConfig(demoFakes.env);
  if (demoFakes?.faked.length) log.info(`PAYMENT_FAKES=1: ${demoFakes.faked.join(', ')} answered by local fakes (numbers ending in 13 are declined)`);

  // Requests that arrive while the database is still being prepared wait for it rather than fail.
  const ready = Promise.all([loadAppHandler(), prepareDatabase({ log: (line) => log.info(line) })]).then(([handler]) => handler);
  ready.catch((error: unknown) => {
    refuseToStart(`The store could not start: ${error instanceof Error ? error.message : String(error)}`);
  });
  // Mobile money requests still waiting are asked about from the start, so none is lost across a restart.
  let stopReconciler = () => {};
  void ready.then(() => (stopReconciler = startMobileMoneyReconciler()));
  // Rate limit windows that have ended are deleted on a schedule, whatever calls the store.
  let stopRateLimitPruner = () => {};
  void ready.then(() => (stopRateLimitPruner = startRateLimitPruner()));
  // Texts queued before a restart, and retries that come due, are sent from here on.
  let stopSmsSender = async () => {};
  void ready.then(() => (stopSmsSender = startSmsSender()));
  // Orders paid online that nobody paid in time give their items back.
  let stopUnpaidCanceller = () => {};
  void ready.then(() => (stopUnpaidCanceller = startUnpaidOrderCanceller()));
  // Payout days start their run, and mobile money payouts still pending are settled.
  let stopPayoutRounds = () => {};
  void ready.then(() => (stopPayoutRounds = startPayoutRounds()));

  // Every body is taken in within its route's allowance before the app sees the request (http/body-guard.ts);
  // a client that asked `Expect: 100-continue` is told to send its body only once it may. Security headers go
  // on every reply, refusals included, and so do the API's CORS headers for the origins CORS_ORIGINS lists (a
  // preflight is answered here) and the API's `Vary: Accept-Language` (its messages follow the language asked).
  // What an edge cache may keep is settled on every reply as its head is written (http/edge-headers.ts).
  // Built files and cached pages are answered before the app and its compression, after a shopper who chose
  // another language is sent to the page in it.
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
    ready.then(
      (handler) => compress(req as never, res as never, () => handler(req, res)),
      () => {
        res.writeHead(503).end('The store failed to start; see the server log.');
      },
    );
  };
  const server = http.createServer((req, res) => trackRequest(req, res, () => void serve(req, res)));
  server.on('checkContinue', (req, res) => trackRequest(req, res, () => void serve(req, res, () => res.writeContinue())));

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
    ready.then(async () => {
      const { driver } = await getDatabaseHandle();
      log.info(`Store ready at http://${host === '0.0.0.0' ? 'localhost' : host}:${actualPort} (database: ${driver})`);
    });
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing open requests, then closing the database.`);
    stopReconciler();
    stopUnpaidCanceller();
    stopPayoutRounds();
    stopRateLimitPruner();
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      try {
        await stopSmsSender();
        await demoFakes?.stop();
        await closePageSearch();
        await closeDatabase();
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

void main();
