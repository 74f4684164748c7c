import { randomUUID } from 'node:crypto';

/** Unguessable, so no text from an audited page can pass for a float. */
const MARKER = `php-float-${randomUUID()}:`;
const MARKED = new RegExp(`"${MARKER}([^"]*)"`, 'g');

/**
 * A number PHP holds as a float. PHP's json_encode writes a whole one as `9214.0`, where
 * JSON.stringify would write `9214`; clients reading the real service see the former.
 */
export class PhpFloat {
  constructor(readonly value: number) {}

  toJSON(): string {
    return MARKER + String(this.value);
  }
}

/** JSON text as the service writes it: PhpFloat values as numbers that keep their `.0`. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value).replace(MARKED, (_, text: string) => floatText(Number(text)));
}

function floatText(n: number): string {
  if (!Number.isFinite(n)) return '0';
  return Number.isInteger(n) && Math.abs(n) < 1e15 ? n.toFixed(1) : String(n);
}
