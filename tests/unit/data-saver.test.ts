/**
 * Data-saver mode's pure rules: when a request is in it (the phone's Save-Data header or the footer's cookie),
 * the lighter pictures a page offers in it, and the switch's cookie.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { reloadConfig } from '~/server/config';
import { dataSaverOf, savesData } from '~/lib/data-saver';
import { IMAGE_WIDTHS, pictureCandidates, smallerWidth, srcsetOf, variantPath } from '~/lib/image-variants';
import { dataSaverCookie } from '~/server/http/data-saver-switch';

describe('dataSaverOf', () => {
  it('is off without the header or the cookie', () => {
    expect(dataSaverOf(null, null)).toBe('off');
    expect(dataSaverOf(undefined, 'theme=light; session=abc')).toBe('off');
    expect(savesData('off')).toBe(false);
  });

  it('is the phone’s when it sends Save-Data: on, in any case and with parameters', () => {
    for (const header of ['on', 'On', ' ON ', 'on; foo=bar', 'on, on']) expect(dataSaverOf(header, null), header).toBe('phone');
    expect(savesData('phone')).toBe(true);
  });

  it('ignores Save-Data values other than on', () => {
    for (const header of ['off', '', '1', 'yes', 'onn', 'foo; on', 'off, on']) expect(dataSaverOf(header, null), header).toBe('off');
  });

  it('is the switch’s when the data_saver cookie is 1, wherever it sits among the cookies', () => {
    for (const cookie of ['data_saver=1', 'a=b; data_saver=1', 'data_saver=1;theme=x', ' data_saver = 1 ']) {
      expect(dataSaverOf(null, cookie), cookie).toBe('switch');
    }
    expect(savesData('switch')).toBe(true);
  });

  it('ignores other values and look-alike cookie names', () => {
    for (const cookie of ['data_saver=0', 'data_saver=', 'data_saver', 'my_data_saver=1', 'data_saver_x=1', 'x=data_saver=1']) {
      expect(dataSaverOf(null, cookie), cookie).toBe('off');
    }
  });

  it('names the phone when both ask: the switch cannot turn the phone’s setting off', () => {
    expect(dataSaverOf('on', 'data_saver=1')).toBe('phone');
    expect(dataSaverOf('off', 'data_saver=1')).toBe('switch');
  });
});

describe('lighter pictures', () => {
  it('steps each served width down once, the smallest staying itself', () => {
    expect(IMAGE_WIDTHS.map(smallerWidth)).toEqual([160, 160, 240, 320, 480, 640, 800]);
  });

  it('puts the lower-quality pictures at /img/low/, leaving the standard addresses as they were', () => {
    expect(variantPath(320, 'avif', 'p-phones-1.jpg')).toBe('/img/320/avif/p-phones-1.jpg');
    expect(variantPath(320, 'avif', 'p-phones-1.jpg', 'low')).toBe('/img/low/320/avif/p-phones-1.jpg');
    expect(variantPath(160, 'webp', '../x.json', 'low')).toBe('/img/low/160/webp/..%2Fx.json');
  });

  it('offers the normal candidates as they are, in width order', () => {
    expect(srcsetOf(pictureCandidates('a.jpg', [480, 160, 320], false), 'webp')).toBe(
      '/img/160/webp/a.jpg 160w, /img/320/webp/a.jpg 320w, /img/480/webp/a.jpg 480w',
    );
  });

  it('offers, in data-saver mode, the low-quality picture a step smaller for each width', () => {
    const candidates = pictureCandidates('a.jpg', [160, 320, 480, 640, 800], true);
    expect(srcsetOf(candidates, 'avif')).toBe(
      '/img/low/160/avif/a.jpg 160w, /img/low/240/avif/a.jpg 320w, /img/low/320/avif/a.jpg 480w, /img/low/480/avif/a.jpg 640w, /img/low/640/avif/a.jpg 800w',
    );
    expect(srcsetOf(pictureCandidates('b.jpg', [480, 800, 1200], true), 'jpeg')).toBe(
      '/img/low/320/jpeg/b.jpg 480w, /img/low/640/jpeg/b.jpg 800w, /img/low/800/jpeg/b.jpg 1200w',
    );
  });

  it('offers the smallest width as itself, at the low quality', () => {
    expect(srcsetOf(pictureCandidates('a.jpg', [160], true), 'webp')).toBe('/img/low/160/webp/a.jpg 160w');
  });
});

describe('the switch’s cookie', () => {
  afterEach(() => reloadConfig());

  it('remembers the switch for a year on every path, and clears it at once', () => {
    reloadConfig({ SITE_URL: 'http://127.0.0.1:4321' });
    expect(dataSaverCookie('on')).toBe('data_saver=1; Path=/; SameSite=Lax; Max-Age=31536000');
    expect(dataSaverCookie('off')).toBe('data_saver=; Path=/; SameSite=Lax; Max-Age=0');
    expect(dataSaverOf(null, dataSaverCookie('on').split(';')[0])).toBe('switch');
  });

  it('is Secure when the store is on https', () => {
    reloadConfig({ SITE_URL: 'https://duuka.ug' });
    expect(dataSaverCookie('on')).toMatch(/; Secure$/);
  });
});
