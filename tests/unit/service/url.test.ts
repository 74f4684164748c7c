import { describe, expect, it } from 'vitest';
import { isWebUrl, projectOf, stripUrl } from '../../service/url.ts';

describe('how the service names an address', () => {
  it.each([
    ['https://example.com', 'example.com', 'example.com'],
    ['https://example.com/', 'example.com', 'example.com'],
    ['http://www.example.com/', 'example.com', 'example.com'],
    ['https://www.example.com/blog?p=1', 'example.com/blog?p=1', 'example.com'],
    ['https://example.com/blog/', 'example.com/blog/', 'example.com'],
    ['https://example.com/?q=1', 'example.com/?q=1', 'example.com'],
    ['https://example.com/page#section', 'example.com/page', 'example.com'],
    ['https://Blog.Example.COM/Post', 'blog.example.com/Post', 'blog.example.com'],
    ['https://wwwexample.com/', 'wwwexample.com', 'wwwexample.com'],
    ['http://127.0.0.1:8080/page', '127.0.0.1:8080/page', '127.0.0.1'],
    ['https://example.com:443/a', 'example.com/a', 'example.com'],
  ])('%s is stored as %s in project %s', (href, url, project) => {
    expect(stripUrl(href)).toBe(url);
    expect(projectOf(href)).toBe(project);
  });

  it.each([
    ['https://example.com', true],
    ['http://127.0.0.1:1/x', true],
    ['ftp://example.com/file', false],
    ['javascript:alert(1)', false],
    ['example.com', false],
    ['not a url', false],
  ])('%s is an address it audits: %s', (value, expected) => {
    expect(isWebUrl(value)).toBe(expected);
  });
});
