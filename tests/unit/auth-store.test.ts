import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';

useTestStorageEngine();

const { $auth, $profile, $token, isUsableToken, logout, RESTORE_DELAY_MS } = await import('~/stores/auth');

const profile = {
  id: 7,
  username: 'nakato@example.com',
  email: 'nakato@example.com',
  first_name: 'Nakato',
  last_name: 'N',
  name: 'Nakato N',
  phone_number: '',
  user_type: 'Customer',
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  cleanStores($auth, $token, $profile);
  cleanTestStorage();
});

describe('auth store', () => {
  it('is loading at start and restores the stored token and profile after 100 ms', async () => {
    setTestStorageKey('token', 'a-long-enough-token');
    setTestStorageKey('profile', JSON.stringify(profile));
    const seen: boolean[] = [];
    const unbind = $auth.subscribe((state) => seen.push(state.isLoading));
    expect($auth.get()).toMatchObject({ isLoading: true, isAuthenticated: false });
    await vi.advanceTimersByTimeAsync(RESTORE_DELAY_MS);
    expect($auth.get()).toMatchObject({ isLoading: false, isAuthenticated: true, token: 'a-long-enough-token', user: { id: 7 } });
    expect(seen[0]).toBe(true);
    unbind();
  });

  it('counts a guest when the token or the profile is missing, short or corrupt', async () => {
    const unbind = $auth.listen(() => {});
    for (const [token, stored] of [
      ['12345', JSON.stringify(profile)],
      ['a-long-enough-token', '{not json'],
      ['', JSON.stringify(profile)],
    ] as const) {
      setTestStorageKey('token', token);
      setTestStorageKey('profile', stored);
      await vi.advanceTimersByTimeAsync(RESTORE_DELAY_MS);
      expect($auth.get()).toMatchObject({ isAuthenticated: false, user: null, token: null });
    }
    unbind();
  });

  it('a token counts only when longer than 5 characters', () => {
    expect(isUsableToken('12345')).toBe(false);
    expect(isUsableToken('123456')).toBe(true);
    expect(isUsableToken(undefined)).toBe(false);
  });

  it('logout clears both the token and the profile from storage', async () => {
    $token.set('a-long-enough-token');
    $profile.set(profile);
    logout();
    expect(getTestStorage()).not.toHaveProperty('token');
    expect(getTestStorage()).not.toHaveProperty('profile');
    expect($auth.get()).toMatchObject({ isAuthenticated: false, user: null, token: null });
  });
});
