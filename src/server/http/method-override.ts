/**
 * The spec's client cannot send PUT or DELETE with a multipart body, so it posts with `?_method=PUT` or
 * `?_method=DELETE` (spec section 7). Only the query (or an X-HTTP-Method-Override header) is read: the
 * body is left for the handler.
 */
import type { APIRoute } from 'astro';
import { fail } from './envelope';
import { message } from '../../lib/messages/message';
import { fieldRefusal } from '../input-refusals';

type Handlers = { POST?: APIRoute; PUT?: APIRoute; DELETE?: APIRoute };

export function requestedMethod(request: Request, url: URL): string {
  const override = url.searchParams.get('_method') ?? request.headers.get('x-http-method-override');
  return (override ?? 'POST').trim().toUpperCase();
}

/** A POST handler that runs the route's PUT or DELETE when the request asks for it. */
export function withMethodOverride(handlers: Handlers): APIRoute {
  return (context) => {
    const method = requestedMethod(context.request, context.url);
    const handler = method === 'PATCH' ? handlers.PUT : handlers[method as keyof Handlers];
    if (!handler) {
      const overrides = Object.keys(handlers).filter((name) => name !== 'POST');
      return fail(405, fieldRefusal('_method', message('field', 'oneOf', overrides.join(', '))), null, {
        headers: { Allow: ['POST', ...overrides].join(', ') },
      });
    }
    return handler(context);
  };
}
