import { describe, expect, it } from 'vitest';
import { samePathOtherHost, storedHostAndPath } from '@/lib/shared/page-address';
import { readReportViewTarget, reportViewPath } from '@/lib/shared/report-view-address';

describe('a stored address cut into host and path', () => {
  it.each([
    ['staging.example.com/pricing', 'staging.example.com', '/pricing'],
    ['127.0.0.1:4000/known/failing', '127.0.0.1:4000', '/known/failing'],
    ['Example.com', 'example.com', ''],
    ['example.com?page=2', 'example.com', '?page=2'],
  ])('%s', (stored, host, path) => {
    expect(storedHostAndPath(stored)).toEqual({ host, path });
  });
});

describe('one path on two hosts', () => {
  it.each([
    ['staging.example.com/pricing', 'example.com/pricing', true],
    ['staging.example.com/pricing', 'example.com:8080/Pricing/', true],
    ['staging.example.com', 'example.com', true],
    ['staging.example.com/pricing', 'staging.example.com/pricing', false],
    ['staging.example.com/pricing', 'example.com/pricing/team', false],
    ['staging.example.com/pricing', 'example.com/', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(samePathOtherHost(a, b)).toBe(same);
  });
});

describe('the view of a report compared with another', () => {
  it('names the other report in its address, and reads it back', () => {
    const path = reportViewPath({ id: 12, compare: 30 });
    expect(path).toBe('/report.html?id=12&compare=30');
    expect(readReportViewTarget(path.slice(path.indexOf('?')))).toEqual({ id: 12, compare: 30 });
  });

  it.each(['?id=5&compare=5', '?id=5&compare=x', '?id=5&compare=0', '?id=5&compare=-2'])('%s compares with nothing', (search) => {
    expect(readReportViewTarget(search)).toEqual({ id: 5 });
  });
});
