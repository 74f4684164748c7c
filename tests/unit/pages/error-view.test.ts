import { describe, expect, it } from 'vitest';
import type { ApiErrorData } from '@/lib/api/errors';
import { errorView } from '@/lib/pages/error-view';

const FORM = ['url', 'password', 'privacy'];

describe('what the popup does with an error', () => {
  it.each([
    ['unauthorized', 'options'],
    ['forbidden', 'options'],
    ['not-the-api', 'options'],
    ['not-connected', 'options'],
    ['permission-missing', 'permission'],
    ['network', 'retry'],
    ['timeout', 'retry'],
    ['server-error', 'retry'],
    ['rate-limited', 'retry'],
    ['interrupted', 'retry'],
    ['quota-exceeded', null],
    ['validation', null],
  ] as const)('%s → offers %s', (kind, action) => {
    expect(errorView({ kind, message: 'words' }, FORM).action).toBe(action);
  });

  it('shows the message as is', () => {
    const error: ApiErrorData = { kind: 'network', message: 'The report service could not be reached.' };
    expect(errorView(error, FORM).message).toBe('The report service could not be reached.');
  });

  it('places a refused field beside its field, and says what happened in the notice', () => {
    const error: ApiErrorData = {
      kind: 'validation',
      message: 'cURL error 6: Could not resolve host: nowhere.test',
      fields: { url: ['cURL error 6: Could not resolve host: nowhere.test'] },
    };
    const view = errorView(error, FORM);
    expect(view.fields).toEqual({ url: 'cURL error 6: Could not resolve host: nowhere.test' });
    expect(view.message).toBe('The report service did not accept the request.');
    expect(view.otherFields).toEqual([]);
  });

  it('keeps messages about fields the form does not show in the notice', () => {
    const error: ApiErrorData = {
      kind: 'validation',
      message: 'The password must be at least 1 characters. The colour is invalid.',
      fields: { password: ['The password must be at least 1 characters.'], colour: ['The colour is invalid.'] },
    };
    const view = errorView(error, FORM);
    expect(view.fields).toEqual({ password: 'The password must be at least 1 characters.' });
    expect(view.message).toBe('The colour is invalid.');
  });

  it('lists unshown field messages the main message leaves out', () => {
    const error: ApiErrorData = { kind: 'validation', message: 'The given data was invalid.', fields: { colour: ['The colour is invalid.'] } };
    const view = errorView(error, FORM);
    expect(view.message).toBe('The given data was invalid.');
    expect(view.otherFields).toEqual(['The colour is invalid.']);
  });

  it('does not blame the address when the quota is used up', () => {
    const error: ApiErrorData = {
      kind: 'quota-exceeded',
      message: 'You have created as many reports this month as your plan allows.',
      fields: { url: ['You created too many reports.'] },
    };
    expect(errorView(error, FORM).fields).toEqual({});
  });

  it.each([
    [12, 12],
    [0.2, 1],
    [0, null],
    [undefined, null],
  ])('a wait of %s seconds counts down from %s', (seconds, expected) => {
    const error: ApiErrorData = {
      kind: 'rate-limited',
      message: 'Too many requests.',
      ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
    };
    expect(errorView(error, FORM).retryAfterSeconds).toBe(expected);
  });
});
