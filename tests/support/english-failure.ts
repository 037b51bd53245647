import { sayMessage } from '~/lib/messages/say-message';
import { httpFailureOf } from '~/server/http/errors';

/** A refusal as the endpoint wrapper answers it to a caller who asks for no language. */
export type EnglishFailure = { status: number; message: string; headers: Record<string, string> };

/** A refusal as the endpoint wrapper answers a caller who asks for no language: its status, English message and headers. */
export function englishFailureOf(error: unknown): EnglishFailure | null {
  const failure = httpFailureOf(error);
  if (!failure) return null;
  return { ...failure, message: sayMessage(failure.message, 'en') };
}
