import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { messages } from '../../lib/messages';
import { fail } from './envelope';

/** An expected failure with the status and message the caller should see, and any headers that go with it (Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);

/** The first validation problem, phrased for a person: "limit: must be at most 100". */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Builds the reply for a failure; endpoints whose replies have their own shape (reviews) pass theirs. */
export type FailureReply = (status: number, message: string) => Response;

/**
 * Wraps an endpoint so that expected failures become envelopes with their status and anything
 * unexpected becomes a logged 500 with the spec's text — never an HTML error page.
 */
export function endpoint(handler: (context: APIContext) => Promise<Response>, failure: FailureReply = fail): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      if (error instanceof HttpError) {
        const reply = failure(error.status, error.message);
        for (const [name, value] of Object.entries(error.headers)) reply.headers.set(name, value);
        return reply;
      }
      if (error instanceof z.ZodError) return failure(400, describeZodError(error));
      console.error(`[api] ${context.request.method} ${context.url.pathname} failed:`, error);
      return failure(500, messages.serverError);
    }
  };
}
