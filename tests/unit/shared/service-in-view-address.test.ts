import { describe, expect, it } from 'vitest';
import { readReportViewTarget, reportViewPath, reportViewPathOf } from '@/lib/shared/report-view-address';
import { siteViewPath } from '@/lib/shared/site-view-address';
import { readSiteViewService } from '@/lib/site/site-view-project';
import { serviceInAddress } from '@/lib/shared/service-bounds';
import { SERVICE_ID_MAX } from '@/lib/shared/service-bounds';

/** A report or site of a service other than the default names it in the view's address; the default names none. */

const ID = '3f2b1c9e-8a7d-4e6f-9b1a-2c3d4e5f6a7b';
const search = (path: string) => path.slice(path.indexOf('?'));

describe('the report view’s address', () => {
  it('carries the service and reads it back', () => {
    const path = reportViewPath({ id: 12, service: ID });
    expect(path).toBe(`/report.html?id=12&service=${ID}`);
    expect(readReportViewTarget(search(path))).toEqual({ id: 12 });
    expect(serviceInAddress(search(path))).toBe(ID);
  });

  it('names no service for the default', () => {
    expect(reportViewPath({ id: 12 })).toBe('/report.html?id=12');
    expect(serviceInAddress('?id=12')).toBeUndefined();
  });

  it('carries it from a listed report too', () => {
    const path = reportViewPathOf({ id: 4, url: 'https://example.com/', generatedAt: null, createdAt: null }, 7, ID);
    expect(readReportViewTarget(search(path))).toMatchObject({ id: 4, tabId: 7 });
    expect(serviceInAddress(search(path))).toBe(ID);
  });

  it.each([
    ['too long', 'a'.repeat(SERVICE_ID_MAX + 1)],
    ['with other characters', 'x/../y'],
    ['empty', ''],
  ])('reads no service %s', (_, service) => {
    expect(serviceInAddress(`?id=1&service=${encodeURIComponent(service)}`)).toBeUndefined();
  });
});

describe('the site view’s address', () => {
  it('carries the service and reads it back', () => {
    const path = siteViewPath('example.com', ID);
    expect(path).toBe(`/site.html?project=example.com&service=${ID}`);
    expect(readSiteViewService(search(path))).toBe(ID);
  });

  it('names no service for the default, nor one out of bounds', () => {
    expect(siteViewPath('example.com')).toBe('/site.html?project=example.com');
    expect(readSiteViewService('?project=example.com')).toBeUndefined();
    expect(readSiteViewService(`?project=example.com&service=${'a'.repeat(SERVICE_ID_MAX + 1)}`)).toBeUndefined();
  });
});
