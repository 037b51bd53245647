/**
 * Who may read `/metrics`: whoever sends `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the
 * route does not exist (404, like any unknown address), so a store nobody set up to be scraped shows nothing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerToken } from './auth';
import { config } from '../config';

export type MetricsAccess = 'allowed' | 'refused' | 'hidden';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function metricsAccess(request: Request, token: string | undefined = config.METRICS_TOKEN): MetricsAccess {
  if (!token) return 'hidden';
  const sent = bearerToken(request);
  // Compared as digests of equal length, in constant time: the reply's timing says nothing about the token.
  return sent !== null && timingSafeEqual(digest(sent), digest(token)) ? 'allowed' : 'refused';
}
