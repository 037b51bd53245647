import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { loggedInHeaders } from '~/server/http/session-cookie';
import { askerOf } from '~/server/http/device-cookie';
import { clientIp } from '~/server/http/client-ip';
import { register, registrationSchema } from '~/server/accounts/accounts';
import { languageOfAcceptLanguage } from '~/lib/i18n/languages';
import { message } from '~/lib/messages/message';

/** Creates a buyer account (by phone number, email or both) and logs it in: the reply is the same as a login's. It is mailed and texted in the language the request asks for. */
export const POST = endpoint(async ({ request, clientAddress }) => {
  const body = await readBody(request);
  const input = registrationSchema.parse(body);
  const ip = clientIp(request, clientAddress);
  const registered = await register(input, languageOfAcceptLanguage(request.headers.get('Accept-Language')), ip);
  return ok(registered, message('account', 'registered'), { status: 201, headers: loggedInHeaders(registered, askerOf(request, ip)) });
});
