/**
 * The caller's address. Behind a load balancer set TRUST_PROXY to the number of proxies in front of the
 * store (1 for one load balancer): each proxy appends the address it received the request from to
 * X-Forwarded-For, so the address that many places from the right is the one the first proxy saw. The
 * addresses to its left were sent by the caller and could be anything, so they never count.
 */
import { config } from '../config';
export function clientIp(request: Request, socketAddress: string | undefined): string {
  const proxies = config.TRUST_PROXY;
  if (proxies > 0) {
    const forwarded = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
    const address = forwarded.at(-proxies) ?? forwarded[0];
    if (address) return address;
  }
  return socketAddress ?? 'unknown';
}
