import { endpoint } from '~/server/http/errors';
import { switchDataSaver } from '~/server/http/data-saver-switch';

export const prerender = false;

/** The footer's data-saver switch: sets or clears its cookie and goes back to the page (src/server/http/data-saver-switch.ts). */
export const POST = endpoint(({ request }) => switchDataSaver(request));
