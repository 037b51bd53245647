/**
 * The request being answered, for whatever runs on its behalf: its id (on every log line, src/server/log.ts) and
 * the route pattern that answered it (the label of its metrics). Kept on globalThis like the metrics: the server
 * script starts the request and the built Astro bundle names its route, each with its own copy of this module.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export type RequestContext = {
  id: string;
  /** The route pattern (`/api/products/[id]`) or what answered before routing (`(static)`); unset until known. */
  route?: string;
  /** Answered from memory before routing (a built file, a cached page): its access line is logged at debug. */
  fromMemory?: boolean;
  /** Work to start once the reply has gone (`afterReply`). */
  afterReply?: (() => void)[];
};

const CONTEXT_KEY = Symbol.for('marketplace.request-context');
const holder = globalThis as { [CONTEXT_KEY]?: AsyncLocalStorage<RequestContext> };
const storage = (holder[CONTEXT_KEY] ??= new AsyncLocalStorage<RequestContext>());

/** An id a proxy or client sent is kept when it is a plain token (a UUID, a trace id); anything else is replaced. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && WELL_FORMED_ID.test(sent) ? sent : randomUUID();
}

export function runInRequest<T>(context: RequestContext, task: () => T): T {
  return storage.run(context, task);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * Starts `task` once the current request's reply has gone, still as part of the request (its log lines carry its
 * id): work whose time must not show in the reply. On PGlite a query holds the whole process while it runs, so
 * work merely left unawaited still slows the reply it overlaps. Outside a request, it starts after this turn.
 */
export function afterReply(task: () => void): void {
  const context = storage.getStore();
  if (context) (context.afterReply ??= []).push(task);
  else setImmediate(task);
}

/** Starts the work the request left for after its reply; called by the server when the reply has gone. */
export function startAfterReply(context: RequestContext): void {
  for (const task of context.afterReply ?? []) runInRequest(context, () => setImmediate(task));
}

/** Names the route answering the current request; the first name given stands (a rewrite keeps the route asked for). */
export function nameRoute(route: string): void {
  const context = storage.getStore();
  if (context && !context.route) context.route = route;
}

/** Names the route of a request answered from memory, before routing: a built file or a cached page. */
export function nameRouteFromMemory(route: string): void {
  const context = storage.getStore();
  if (context) context.fromMemory = true;
  nameRoute(route);
}

const ROUTE_OF_PAGE_KEY = Symbol.for('marketplace.cached-page-routes');
const pageHolder = globalThis as { [ROUTE_OF_PAGE_KEY]?: WeakMap<object, string> };
const routeOfCachedPage = (pageHolder[ROUTE_OF_PAGE_KEY] ??= new WeakMap<object, string>());

/** Remembers the route that rendered a cached page, so a hit answered before routing is counted under it. */
export function rememberPageRoute(page: object): void {
  const route = storage.getStore()?.route;
  if (route) routeOfCachedPage.set(page, route);
}

export function cachedPageRoute(page: object): string | undefined {
  return routeOfCachedPage.get(page);
}
