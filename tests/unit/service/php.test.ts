import { describe, expect, it } from 'vitest';
import { cleanText, isInternal, keptIndexes, resolveUrl, wordSlots } from '../../service/checks/php.ts';

describe('the service’s PHP ways', () => {
  it.each([
    ['  a  b  ', 'a b'],
    ['a\nb', 'a b'],
    ['a \t\n b', 'a b'],
    ['a\u00a0 b', 'a\u00a0 b'],
  ])('cleans %j to %j', (text, clean) => {
    expect(cleanText(text)).toBe(clean);
  });

  it('splits words on anything but letters, digits and _, keeping empty places', () => {
    expect(wordSlots('Brot & Brötchen | Café_2')).toEqual(['brot', '', '', 'brötchen', '', '', 'café_2']);
  });

  it('sends kept items as a list without gaps, as an object keyed by place with them', () => {
    expect(keptIndexes(['a', 'b', 'c'], (x) => x !== 'z')).toEqual(['a', 'b', 'c']);
    expect(keptIndexes(['a', 'b', 'c'], (x) => x !== 'a')).toEqual({ 1: 'b', 2: 'c' });
    expect(keptIndexes(['a', '', 'c'], (x) => x !== '')).toEqual({ 0: 'a', 2: 'c' });
    expect(keptIndexes(['a', 'b', ''], (x) => x !== '')).toEqual(['a', 'b']);
    expect(keptIndexes([], () => true)).toEqual([]);
  });

  const page = new URL('http://127.0.0.1:8080/blog/post');

  it.each([
    ['https://other.example/x#top', 'https://other.example/x'],
    ['//cdn.example/lib.js', 'http://cdn.example/lib.js'],
    ['/img/a.png', 'http://127.0.0.1:8080/img/a.png'],
    ['img/a.png', 'http://127.0.0.1:8080/img/a.png'],
    ['../up.png', 'http://127.0.0.1:8080/../up.png'],
    ['', 'http://127.0.0.1:8080/'],
    ['mailto:me@example.com', 'mailto:me@example.com'],
    ['tel:+1555', 'tel:+1555'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['/search\\?q=1', 'http://127.0.0.1:8080/search?q=1'],
  ])('resolves %j to %j: relative addresses go on the site root', (href, url) => {
    expect(resolveUrl(href, page)).toBe(url);
  });

  it.each([
    ['http://127.0.0.1:9999/x', true],
    ['http://127.0.0.1.example/x', true],
    ['http://example.org/', false],
    ['mailto:me@127.0.0.1', false],
  ])('takes %s as internal: %s (its host starts with the page’s)', (url, internal) => {
    expect(isInternal(url, page)).toBe(internal);
  });
});
