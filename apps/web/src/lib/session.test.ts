import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getUser,
  rememberReturnPage,
  saveSession,
  subscribe,
  takeReturnPage,
} from './session.ts';
import { testUser } from '../test-fixtures.ts';

const user = testUser;

describe('session storage', () => {
  it('keeps the user under `user` and the tokens beside it', () => {
    saveSession(user, { accessToken: 'a', refreshToken: 'r' });
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual(user);
    expect(localStorage.getItem('accessToken')).toBe('a');
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(getUser()).toBe(getUser());
    clearSession();
    expect(getUser()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('treats a broken stored user as a guest', () => {
    localStorage.setItem('user', '{not json');
    expect(getUser()).toBeNull();
    localStorage.setItem('user', JSON.stringify({ name: 'no id' }));
    expect(getUser()).toBeNull();
  });

  it('tells subscribers about sign-in and sign-out', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    saveSession(user, { accessToken: 'a', refreshToken: 'r' });
    clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    saveSession(user, { accessToken: 'a', refreshToken: 'r' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('returns to the remembered page once, then home', () => {
    rememberReturnPage('/checkout');
    expect(sessionStorage.getItem('navigatepage')).toBe('/checkout');
    expect(takeReturnPage()).toBe('/checkout');
    expect(takeReturnPage()).toBe('/');
  });

  it('never returns to another site', () => {
    rememberReturnPage('//evil.example/login');
    expect(takeReturnPage()).toBe('/');
    rememberReturnPage('https://evil.example/');
    expect(takeReturnPage()).toBe('/');
    expect(takeReturnPage('//evil.com')).toBe('/');
    expect(takeReturnPage('https://evil.com/checkout')).toBe('/');
  });

  it('prefers a `next` page of this site to the remembered one, and forgets the remembered one', () => {
    rememberReturnPage('/cart');
    expect(takeReturnPage('/checkout')).toBe('/checkout');
    expect(takeReturnPage()).toBe('/');
    rememberReturnPage('/cart');
    expect(takeReturnPage('//evil.com')).toBe('/cart');
  });
});
