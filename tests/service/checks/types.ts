import type { IncomingHttpHeaders } from 'node:http';

export type Importance = 'high' | 'medium' | 'low';

/** One entry of a report's `results`, as the service sends it. */
export interface CheckResult {
  passed: boolean;
  importance: Importance;
  value: unknown;
  errors?: Record<string, unknown>;
}

/** Everything a check may look at: the fetched page, parsed once. */
export interface PageContext {
  /** Final address after redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  html: string;
  document: Document;
  /** Size of the decoded document in bytes. */
  bytes: number;
  /** Time from the first request to the last byte, redirects included. */
  loadTimeMs: number;
  redirects: number;
}

export interface CheckOutcome {
  passed: boolean;
  value: unknown;
  errors?: Record<string, unknown>;
}

export interface Check {
  name: string;
  importance: Importance;
  run(page: PageContext): CheckOutcome;
}

/** Builds an outcome that carries `errors` only when it failed. */
export function outcome(passed: boolean, value: unknown, errors: Record<string, unknown>): CheckOutcome {
  return passed ? { passed, value } : { passed, value, errors };
}

/** A check of something that must be there: its value is the text found, or null. */
export function present(text: string): CheckOutcome {
  return outcome(text !== '', text === '' ? null : text, { missing: null });
}

export function attr(el: Element, name: string): string {
  return (el.getAttribute(name) ?? '').trim();
}

/** The `<meta name=…>` element of that name, matched regardless of case. */
export function metaNamed(document: Document, name: string): Element | undefined {
  return [...document.querySelectorAll('meta[name]')].find((m) => attr(m, 'name').toLowerCase() === name);
}
