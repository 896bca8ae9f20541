import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  googleTokenOf,
  isAppShell,
  onNativeGoogleToken,
  requestNativeGoogleSignIn,
} from './native-bridge.ts';

describe('native app shell bridge', () => {
  afterEach(() => {
    delete window.ReactNativeWebView;
  });

  it('recognises the shell by its user-agent marker', () => {
    expect(isAppShell('UrbanRollApp', 'Mozilla/5.0 (Linux; Android 14) UrbanRollApp/2.1')).toBe(
      true,
    );
    expect(isAppShell('UrbanRollApp', 'Mozilla/5.0 (Linux; Android 14) Chrome/130')).toBe(false);
    expect(isAppShell('', 'anything')).toBe(false);
    expect(isAppShell(undefined, 'anything')).toBe(false);
  });

  it('reads google-token messages sent as text or as objects', () => {
    expect(googleTokenOf('{"type":"google-token","token":"abc"}')).toBe('abc');
    expect(googleTokenOf({ type: 'google-token', token: 'xyz' })).toBe('xyz');
    expect(googleTokenOf({ type: 'google-token' })).toBe('');
    expect(googleTokenOf('{"type":"google-sign-in"}')).toBeNull();
    expect(googleTokenOf('not json')).toBeNull();
    expect(googleTokenOf(42)).toBeNull();
  });

  it('asks react-native-webview when it is there', () => {
    const postMessage = vi.fn();
    window.ReactNativeWebView = { postMessage };
    requestNativeGoogleSignIn();
    expect(postMessage).toHaveBeenCalledWith('{"type":"google-sign-in"}');
  });

  it('else asks the parent window', () => {
    const spy = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    requestNativeGoogleSignIn();
    expect(spy).toHaveBeenCalledWith('{"type":"google-sign-in"}', '*');
    spy.mockRestore();
  });

  it('hands over tokens posted to the window or the document', () => {
    const onToken = vi.fn();
    const stop = onNativeGoogleToken(onToken);
    window.dispatchEvent(
      new MessageEvent('message', { data: '{"type":"google-token","token":"t1"}', source: window }),
    );
    document.dispatchEvent(
      new MessageEvent('message', { data: { type: 'google-token', token: 't2' } }),
    );
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'other' }, source: window }));
    stop();
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'google-token', token: 't3' }, source: window }),
    );
    expect(onToken.mock.calls).toEqual([['t1'], ['t2']]);
  });
});
