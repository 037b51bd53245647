import type { APIRoute } from 'astro';
import { receivePayoutCallback } from '~/server/http/payout-callback';

/** MTN MoMo Disbursement's callback about a transfer, by PUT or POST: a hint, confirmed by asking MTN. */
export const PUT: APIRoute = ({ request }) => receivePayoutCallback('mtn_momo', request);
export const POST = PUT;
