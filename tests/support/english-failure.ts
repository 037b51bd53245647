import { sayMessage } from '~/lib/messages/say-message';
import { httpFailureOf } from '~/server/http/errors';

/** A refusal as the endpoint wrapper answers a caller who asks for no language: its status, English message and headers. */
export function englishFailureOf(error: unknown) {
  const failure = httpFailureOf(error);
  if (!failure) return null;
  return { ...failure, message: typeof failure.message === 'string' ? failure.message : sayMessage(failure.message, 'en') };
}
