import type { APIRoute } from 'astro';
import { receivePayoutCallback } from '~/server/http/payout-callback';

/** Airtel Money's disbursement callback: a hint, confirmed by asking Airtel. */
export const POST: APIRoute = ({ request }) => receivePayoutCallback('airtel_money', request);
