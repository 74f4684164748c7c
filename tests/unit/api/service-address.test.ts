import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl, reportWebUrl } from '@/lib/api/service-address';
import { ApiError } from '@/lib/api/errors';

describe('normaliseBaseUrl', () => {
  it.each([
    ['https://reports.example.com', 'https://reports.example.com'],
    ['  https://reports.example.com  ', 'https://reports.example.com'],
    ['\thttps://reports.example.com/\n', 'https://reports.example.com'],
    ['https://reports.example.com///', 'https://reports.example.com'],
    ['https://reports.example.com/api/v1', 'https://reports.example.com'],
    ['https://reports.example.com/api/v1/', 'https://reports.example.com'],
    ['https://reports.example.com/api/v1/reports', 'https://reports.example.com'],
    ['https://reports.example.com/api/v1/reports/12?x=1', 'https://reports.example.com'],
    ['https://reports.example.com/API/V1', 'https://reports.example.com'],
    ['https://example.com/seo', 'https://example.com/seo'],
    ['https://example.com/seo/', 'https://example.com/seo'],
    ['https://example.com/seo/api/v1/account', 'https://example.com/seo'],
    ['https://example.com/seo?tab=1#top', 'https://example.com/seo'],
    ['HTTPS://Reports.Example.COM', 'https://reports.example.com'],
    ['https://reports.example.com:443', 'https://reports.example.com'],
    ['https://reports.example.com:8443/', 'https://reports.example.com:8443'],
    ['reports.example.com', 'https://reports.example.com'],
    ['reports.example.com/api/v1', 'https://reports.example.com'],
    ['example.com:8443/seo', 'https://example.com:8443/seo'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://localhost:8080/api/v1/', 'http://localhost:8080'],
    ['http://127.0.0.1', 'http://127.0.0.1'],
    ['http://127.0.0.1:3000/seo', 'http://127.0.0.1:3000/seo'],
    ['http://[::1]', 'http://[::1]'],
    ['http://[::1]:8080/', 'http://[::1]:8080'],
  ])('reads %j as %s', (input, expected) => {
    expect(normaliseBaseUrl(input)).toBe(expected);
  });

  it.each([
    ['', 'invalid-address'],
    ['   ', 'invalid-address'],
    ['ftp://reports.example.com', 'invalid-address'],
    ['javascript:alert(1)', 'invalid-address'],
    ['mailto:ada@example.com', 'invalid-address'],
    ['file:///etc/passwd', 'invalid-address'],
    ['not a web address', 'invalid-address'],
    ['garbage', 'invalid-address'],
    ['https://', 'invalid-address'],
    ['https://exa mple.com', 'invalid-address'],
    ['https://user:secret@reports.example.com', 'invalid-address'],
    ['http://reports.example.com', 'insecure-address'],
    ['http://example.com/seo', 'insecure-address'],
    ['http://192.168.1.10:8080', 'insecure-address'],
    ['http://localhost.example.com', 'insecure-address'],
    // On this computer, but not a host the extension can be granted over plain http.
    ['http://127.45.6.7:3000', 'invalid-address'],
    ['http://128.0.0.1', 'insecure-address'],
  ])('refuses %j as %s', (input, kind) => {
    let caught: unknown;
    try {
      normaliseBaseUrl(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).kind).toBe(kind);
    expect((caught as ApiError).message.length).toBeGreaterThan(20);
  });

  it('says why plain http is refused', () => {
    expect(() => normaliseBaseUrl('http://reports.example.com')).toThrow(/clear text/);
  });

  it('keeps a password typed into the address out of the error', () => {
    try {
      normaliseBaseUrl('https://user:hunter2@reports.example.com');
      expect.unreachable();
    } catch (error) {
      expect(JSON.stringify(error)).not.toContain('hunter2');
    }
  });
});

describe('reportWebUrl', () => {
  it.each([
    ['https://reports.example.com', 12, 'https://reports.example.com/reports/12'],
    ['https://example.com/seo', 3, 'https://example.com/seo/reports/3'],
  ])('links %s report %i to %s', (base, id, expected) => {
    expect(reportWebUrl(base, id)).toBe(expected);
  });
});
