/**
 * What a first visit to a page costs a phone: every response Chromium received for the page until it has
 * loaded, the network has gone quiet and the browser's idle work (the performance monitor) has had its turn,
 * with the bytes each took on the wire (`encodedDataLength` from the DevTools protocol: headers and the body
 * as sent, compressed or not). Shared by the data benchmark (scripts/bench-data.ts) and the end-to-end tests.
 */
import type { Page } from '@playwright/test';

export type Transfer = { url: string; type: string; bytes: number };

/** Opens `path` in `page` (a page of a fresh context, so nothing is cached) and lists what it transferred. */
export async function firstVisitTransfers(page: Page, path: string): Promise<Transfer[]> {
  const session = await page.context().newCDPSession(page);
  const requests = new Map<string, { url: string; type: string }>();
  const transfers: Transfer[] = [];
  session.on('Network.responseReceived', ({ requestId, response, type }) => requests.set(requestId, { url: response.url, type: String(type) }));
  session.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (request) transfers.push({ ...request, bytes: encodedDataLength });
  });
  await session.send('Network.enable');
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // Idle callbacks and what they import may start after the first quiet moment: wait until nothing new comes.
  let seen = -1;
  while (seen !== transfers.length) {
    seen = transfers.length;
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 500), { timeout: 3000 })));
    await page.waitForLoadState('networkidle');
  }
  await session.detach();
  return transfers;
}

/** The bytes of the transfers, all of them or those of one resource type ('Document', 'Image', 'Script', 'Stylesheet' ...). */
export function bytesOf(transfers: readonly Transfer[], type?: string): number {
  return transfers.filter((transfer) => !type || transfer.type === type).reduce((sum, transfer) => sum + transfer.bytes, 0);
}
