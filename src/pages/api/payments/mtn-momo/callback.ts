import type { APIRoute } from 'astro';
import { receiveMobileMoneyCallback } from '~/server/http/mobile-money-callback';

/** MTN MoMo's callback about a request to pay, by PUT or POST: a hint, confirmed by asking MTN for the status. */
export const PUT: APIRoute = ({ request }) => receiveMobileMoneyCallback('mtn_momo', request);
export const POST = PUT;
