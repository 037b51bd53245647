/**
 * The USSD routes exist only under USSD_CALLBACK_TOKEN: without it set every token is refused (404, before any
 * session is read), and with it only the same text passes. Africa's Talking's fields are read from its form
 * whatever else arrives.
 */
import { describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import { config } from '~/server/config';
import { readUssdCall, readUssdSessionEnd, ussdTokenMatches } from '~/server/ussd/ussd-callback';
import { POST as callback } from '~/pages/api/ussd/[token]';
import { POST as events } from '~/pages/api/ussd/[token]/events';

const form = (fields: Record<string, string>, type = 'application/x-www-form-urlencoded') =>
  new Request('http://store.test/api/ussd/x', {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: type.includes('json') ? JSON.stringify(fields) : new URLSearchParams(fields),
  });

describe('the USSD routes', () => {
  it('do not exist while USSD_CALLBACK_TOKEN is unset', async () => {
    expect(config.USSD_CALLBACK_TOKEN).toBeUndefined();
    for (const route of [callback, events]) {
      for (const token of ['', 'anything', 'undefined']) {
        const reply = await route({ params: { token }, request: form({ sessionId: 's', phoneNumber: '+256772000001', text: '' }) } as unknown as APIContext);
        expect(reply.status).toBe(404);
        expect(await reply.json()).toMatchObject({ code: 0, message: 'Not found' });
      }
    }
  });

  it('take only the token set, compared whole', () => {
    expect(ussdTokenMatches('s3cret-token', 's3cret-token')).toBe(true);
    for (const token of ['s3cret-toke', 's3cret-token ', 'S3CRET-TOKEN', '', undefined]) expect(ussdTokenMatches(token, 's3cret-token')).toBe(false);
    expect(ussdTokenMatches('anything', undefined)).toBe(false);
  });
});

describe("Africa's Talking's fields", () => {
  it('are read from its form, missing ones empty, and from JSON too', async () => {
    expect(
      await readUssdCall(form({ sessionId: 'ATUid_1', serviceCode: '*384*12#', phoneNumber: '+256772000001', networkCode: '64110', text: '1*2' })),
    ).toEqual({
      sessionId: 'ATUid_1',
      serviceCode: '*384*12#',
      phoneNumber: '+256772000001',
      networkCode: '64110',
      text: '1*2',
    });
    expect(await readUssdCall(form({ text: '1' }, 'application/json'))).toMatchObject({ sessionId: '', text: '1' });
    const broken = new Request('http://store.test/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"sessionId":' });
    expect(await readUssdCall(broken)).toMatchObject({ sessionId: '', phoneNumber: '', text: '' });
  });

  it('read the end of a session: its status, seconds and cost, and nothing odd', async () => {
    expect(await readUssdSessionEnd(form({ sessionId: 'ATUid_1', status: 'Success', duration: '41', cost: 'UGX 0.0000' }))).toEqual({
      sessionId: 'ATUid_1',
      end: { status: 'Success', durationSeconds: 41, cost: 'UGX 0.0000' },
    });
    expect((await readUssdSessionEnd(form({ sessionId: 'ATUid_1', durationInMillis: '4200' }))).end.durationSeconds).toBe(4);
    expect((await readUssdSessionEnd(form({ sessionId: 'ATUid_1', duration: 'soon' }))).end.durationSeconds).toBeNull();
  });
});
