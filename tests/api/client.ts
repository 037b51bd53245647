import { inject } from 'vitest';

export type Reply<T = any> = { status: number; headers: Headers; body: { code: number; message: string; data: T } };

/** Calls the running store's API and reads the {code, message, data} envelope. */
export async function api<T = any>(path: string, init: RequestInit = {}): Promise<Reply<T>> {
  const response = await fetch(new URL(path, inject('baseUrl')), init);
  const text = await response.text();
  let body: Reply<T>['body'];
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${path} answered ${response.status} with something that is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

export function url(path: string): string {
  return new URL(path, inject('baseUrl')).href;
}
