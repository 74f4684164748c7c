import { describe, expect, it } from 'vitest';
import type { ApiErrorData } from '@/lib/api/errors';
import { connectionFailure } from '@/lib/options/connection-form';
const KEY = 'sk-0123456789abcdef';

import { checkConnectionForm, keyHintText, permissionHost, quotaText } from '@/lib/options/connection-form';

describe('the connection form, checked in the click', () => {
  it.each([
    ['a bare host gets https', 'reports.example.com', KEY, false, 'https://reports.example.com', KEY],
    ['a pasted API path is dropped', ' https://example.com/seo/api/v1/reports ', KEY, false, 'https://example.com/seo', KEY],
    ['loopback may use http', 'http://127.0.0.1:8787', KEY, false, 'http://127.0.0.1:8787', KEY],
    ['an empty key keeps the saved one', 'https://reports.example.com', '  ', true, 'https://reports.example.com', undefined],
    ['a pasted header value loses "Bearer"', 'https://reports.example.com', `Bearer ${KEY}`, false, 'https://reports.example.com', KEY],
    [
      'an empty key keeps the saved one on another path of its origin',
      'https://reports.example.com/seo',
      '',
      true,
      'https://reports.example.com/seo',
      undefined,
    ],
  ])('%s', (_case, address, key, keySet, baseUrl, apiKey) => {
    expect(checkConnectionForm({ address, key, keySet, savedBaseUrl: keySet ? 'https://reports.example.com' : null })).toEqual({
      ok: true,
      baseUrl,
      apiKey,
    });
  });

  it.each([
    ['no address', '', KEY, false, ['baseUrl']],
    ['plain http to another computer', 'http://reports.example.com', KEY, false, ['baseUrl']],
    ['not a web address', 'ftp://reports.example.com', KEY, false, ['baseUrl']],
    ['no key, none saved', 'https://reports.example.com', '', false, ['apiKey']],
    ['neither', '', '', false, ['baseUrl', 'apiKey']],
  ])('refuses %s beside the field at fault', (_case, address, key, keySet, fields) => {
    const check = checkConnectionForm({ address, key, keySet, savedBaseUrl: null });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(Object.keys(check.fields).sort()).toEqual([...fields].sort());
  });

  it('tells why plain http is refused', () => {
    const check = checkConnectionForm({ address: 'http://reports.example.com', key: KEY, keySet: false, savedBaseUrl: null });
    expect(!check.ok && check.fields.baseUrl).toMatch(/clear text/);
  });

  it.each([
    ['another host', 'https://evil.example.net'],
    ['another port', 'https://reports.example.com:8443'],
    ['plain http on loopback instead of https', 'http://127.0.0.1'],
  ])('asks for the key again when the address moves to %s, and says why', (_case, address) => {
    const check = checkConnectionForm({ address, key: '', keySet: true, savedBaseUrl: 'https://reports.example.com' });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.fields.apiKey).toMatch(/only ever sent to reports\.example\.com/);
  });

  it.each(['k', 'abc123', '12345678901'])('refuses %s: too short to be a key', (key) => {
    const check = checkConnectionForm({ address: 'https://reports.example.com', key, keySet: false, savedBaseUrl: null });
    expect(!check.ok && check.fields.apiKey).toMatch(/too short to be an API key/);
  });
});

describe('the words around the form', () => {
  it.each([
    ['reports.example.com', 'reports.example.com'],
    ['http://127.0.0.1:8787/', '127.0.0.1:8787'],
    ['https://', null],
    ['', null],
  ])('the browser will ask about %s → %s', (address, host) => {
    expect(permissionHost(address)).toBe(host);
  });

  it.each([
    ['1234', 'A key ending in ••••1234 is saved.'],
    [null, 'No key is saved.'],
  ])('key hint %s', (hint, text) => {
    expect(keyHintText(hint)).toBe(text);
  });

  it.each([
    ['unlimited' as const, 'Unlimited'],
    [null, 'Not told by the service'],
    [1, '1 report a month'],
    [500, '500 reports a month'],
    [0, '0 reports a month'],
  ])('a quota of %s reads "%s"', (reportsPerMonth, text) => {
    expect(quotaText({ reportsPerMonth })).toBe(text);
  });
});

describe('where a connection failure is shown', () => {
  it.each<[string, ApiErrorData, ReturnType<typeof connectionFailure>]>([
    [
      'a refused key, beside the key',
      { kind: 'unauthorized', message: 'The API key was refused.' },
      { message: null, fields: { apiKey: 'The API key was refused.' } },
    ],
    ['plain http, beside the address', { kind: 'insecure-address', message: 'Clear text.' }, { message: null, fields: { baseUrl: 'Clear text.' } }],
    ['a web page instead of the API, near the form', { kind: 'not-the-api', message: 'Not the API.' }, { message: 'Not the API.', fields: {} }],
    [
      'an unreachable service, near the form',
      { kind: 'network', message: 'Unreachable: is it running?' },
      { message: 'Unreachable: is it running?', fields: {} },
    ],
    ['a forbidden account, near the form', { kind: 'forbidden', message: 'No API access.' }, { message: 'No API access.', fields: {} }],
    [
      'a missing key, in both words',
      { kind: 'validation', message: 'Enter your API key. You find it in your account.', fields: { apiKey: ['Enter your API key.'] } },
      { message: 'Enter your API key. You find it in your account.', fields: { apiKey: 'Enter your API key.' } },
    ],
    [
      'a field message that is the whole message, only beside the field',
      { kind: 'validation', message: 'Bad address.', fields: { baseUrl: ['Bad address.'] } },
      { message: null, fields: { baseUrl: 'Bad address.' } },
    ],
  ])('%s', (_case, error, expected) => {
    expect(connectionFailure(error)).toEqual(expected);
  });
});
