import type { APIRoute } from 'astro';
import { receiveMobileMoneyCallback } from '~/server/http/mobile-money-callback';

/** Airtel Money's callback about a collection: a hint, confirmed by asking Airtel for the status. */
export const POST: APIRoute = ({ request }) => receiveMobileMoneyCallback('airtel_money', request);
