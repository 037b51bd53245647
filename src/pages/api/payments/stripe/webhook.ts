import type { APIRoute } from 'astro';
import { json } from '~/server/http/envelope';
import { handleStripeEvent } from '~/server/payments/payments';
import { StripeSignatureError, verifyStripeWebhook } from '~/server/payments/gateways/stripe';
import { log } from '~/server/log';
import { config } from '~/server/config';

/** Stripe's webhook: only events signed with our endpoint secret are read; the raw body is what is signed. */
export const POST: APIRoute = async ({ request }) => {
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!secret) return json({ error: 'Stripe is not set up on this store' }, { status: 404 });
  const rawBody = await request.text();
  try {
    const event = verifyStripeWebhook(rawBody, request.headers.get('stripe-signature'), secret);
    await handleStripeEvent(event);
    return json({ received: true });
  } catch (error) {
    if (error instanceof StripeSignatureError) return json({ error: error.message }, { status: 400 });
    log.error({ err: error }, '[payments] Stripe webhook failed');
    return json({ error: 'The event could not be handled; please send it again' }, { status: 500 });
  }
};
