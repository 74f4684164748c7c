import type { Privacy } from './store.ts';
import { isWebUrl } from './url.ts';

const URL_MAX = 2048;
const PASSWORD_MAX = 128;

type Errors = Record<string, string[]>;
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: Errors };

export interface CreateFields {
  url: string;
  privacy: Privacy;
  /** Only kept when privacy is 2. */
  password: string | null;
}

export interface UpdateFields {
  privacy: Privacy | undefined;
  password: string | null | undefined;
  regenerate: boolean;
}

/** The rules and messages of the service's create form; privacy defaults to public. */
export function validateCreate(input: Record<string, unknown>): Validated<CreateFields> {
  const errors: Errors = {};
  // The framework trims strings, passwords excepted, before validating.
  const url = blankToNull(typeof input.url === 'string' ? input.url.trim() : input.url);
  if (url === null) add(errors, 'url', 'The url field is required.');
  else if (typeof url !== 'string') add(errors, 'url', 'The url must be a string.');
  else if (url.length > URL_MAX) add(errors, 'url', `The url must not be greater than ${URL_MAX} characters.`);
  else if (!isWebUrl(url)) add(errors, 'url', 'The url must be a valid URL.');
  const privacy = readPrivacy(input.privacy, errors) ?? 0;
  const password = readPassword(input.password, errors);
  if (privacy === 2 && password === null && !errors.password) {
    add(errors, 'password', 'The password field is required when privacy is 2.');
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { url: url as string, privacy, password: privacy === 2 ? password : null } };
}

/**
 * Privacy 2 without a password keeps the one already set; with none set it is an error.
 * Leaving privacy 2 drops the password.
 */
export function validateUpdate(input: Record<string, unknown>, hasPassword: boolean, current: Privacy): Validated<UpdateFields> {
  const errors: Errors = {};
  const privacy = readPrivacy(input.privacy, errors);
  const sent = readPassword(input.password, errors);
  const effective = privacy ?? current;
  if (effective === 2 && sent === null && !hasPassword && !errors.password) {
    add(errors, 'password', 'The password field is required when privacy is 2.');
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const password = effective !== 2 ? null : (sent ?? undefined);
  return { ok: true, value: { privacy, password, regenerate: isTruthy(input.results) } };
}

function readPrivacy(raw: unknown, errors: Errors): Privacy | undefined {
  const value = blankToNull(raw);
  if (value === null) return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(number)) add(errors, 'privacy', 'The privacy must be an integer.');
  else if (number < 0 || number > 2) add(errors, 'privacy', 'The privacy must be between 0 and 2.');
  else return number as Privacy;
  return undefined;
}

function readPassword(raw: unknown, errors: Errors): string | null {
  const value = blankToNull(raw);
  if (value === null) return null;
  if (typeof value !== 'string') add(errors, 'password', 'The password must be a string.');
  else if (value.length > PASSWORD_MAX) add(errors, 'password', `The password must not be greater than ${PASSWORD_MAX} characters.`);
  else return value;
  return null;
}

/** The framework turns empty strings into null before validating. */
function blankToNull(value: unknown): unknown {
  return value === undefined || value === '' ? null : value;
}

function isTruthy(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.toLowerCase()));
}

function add(errors: Errors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}
