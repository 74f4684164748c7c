import { describe, expect, it } from 'vitest';
import { fieldErrors, retryAfterSeconds } from '@/lib/api/classify';
import { ApiError, isApiError, isApiErrorKind } from '@/lib/api/errors';
import { toIsoDate } from '@/lib/api/fields';

const NOW = Date.parse('2024-05-01T12:00:00Z');

describe('retryAfterSeconds', () => {
  it.each<[Record<string, string>, number | undefined]>([
    [{ 'Retry-After': '30' }, 30],
    // "Now" still means not yet: a short wait rather than a burst of retries.
    [{ 'Retry-After': ' 0 ' }, 1],
    [{ 'Retry-After': 'Wed, 01 May 2024 12:00:45 GMT' }, 45],
    [{ 'Retry-After': 'Wed, 01 May 2024 11:00:00 GMT' }, 1],
    // A wait beyond an hour is kept as an hour: the user is told "later", not a number of seconds.
    [{ 'Retry-After': '251606906973' }, 3600],
    [{ 'X-RateLimit-Reset': String(NOW / 1000 + 86_400) }, 3600],
    [{ 'X-RateLimit-Reset': String(NOW / 1000 + 20) }, 20],
    [{ 'X-RateLimit-Reset': '15' }, 15],
    [{ 'Retry-After': '5', 'X-RateLimit-Reset': String(NOW / 1000 + 20) }, 5],
    [{ 'Retry-After': 'soon' }, undefined],
    [{}, undefined],
  ])('reads %j as %s seconds', (headers, seconds) => {
    expect(retryAfterSeconds(new Headers(headers), NOW)).toBe(seconds);
  });
});

describe('fieldErrors', () => {
  it.each<[unknown, Record<string, string[]>]>([
    [{ message: { url: ['The url field is required.'] } }, { url: ['The url field is required.'] }],
    [
      { message: 'The given data was invalid.', errors: { privacy: ['The selected privacy is invalid.'] } },
      { privacy: ['The selected privacy is invalid.'] },
    ],
    [{ message: { url: 'A single message.' } }, { url: ['A single message.'] }],
    [{ message: 'Only words.' }, {}],
    [null, {}],
    [['not', 'an', 'object'], {}],
  ])('reads %j', (body, fields) => {
    expect(fieldErrors(body)).toEqual(fields);
  });
});

describe('toIsoDate', () => {
  it.each<[string | null, string | null]>([
    ['2022-01-27T20:05:46.000000Z', '2022-01-27T20:05:46.000Z'],
    ['2022-01-27T20:05:46Z', '2022-01-27T20:05:46.000Z'],
    ['2022-01-27T20:05:46.123456Z', '2022-01-27T20:05:46.123Z'],
    ['2022-01-27 20:05:46', '2022-01-27T20:05:46.000Z'],
    ['2022-01-27T22:05:46+02:00', '2022-01-27T20:05:46.000Z'],
    ['yesterday', null],
    ['', null],
    [null, null],
  ])('reads %j as %j', (input, iso) => {
    expect(toIsoDate(input)).toBe(iso);
  });
});

describe('ApiError', () => {
  it('leaves out what it does not have', () => {
    expect(new ApiError({ kind: 'network', message: 'Could not reach it.' }).toJSON()).toEqual({ kind: 'network', message: 'Could not reach it.' });
  });

  it('is told apart from other errors', () => {
    expect(isApiError(new ApiError({ kind: 'timeout', message: 'Too slow.' }))).toBe(true);
    expect(isApiError(new Error('Too slow.'))).toBe(false);
    expect(isApiError({ kind: 'timeout', message: 'Too slow.' })).toBe(false);
  });

  it.each([
    ['quota-exceeded', true],
    ['not-connected', true],
    ['teapot', false],
    [42, false],
  ])('knows whether %j is a kind', (value, known) => {
    expect(isApiErrorKind(value)).toBe(known);
  });
});
