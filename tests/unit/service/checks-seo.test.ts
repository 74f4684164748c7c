import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSite, page, type LocalSite } from './local-audit.ts';

// Expected values follow the service's rules for each check (its version 13), worked out by hand.
let site: LocalSite;
const emoji = (n: number) => '😀'.repeat(n);

beforeAll(async () => {
  site = await localSite({
    '/fresh-bread': {
      body: page(
        '<title>Fresh Sourdough Bread | Bakery</title>',
        '<h1>Our bread</h1><h2>Loaves</h2><h2>Hours</h2><h3>Weekdays</h3><p>Fresh bread from the bakery every day.</p>',
      ),
    },
    '/no-title': { body: page('', '<h1>Hello</h1>') },
    '/two-titles': { body: page('<title>Bread</title><title> and \n more</title>', '<h1>Hi</h1>') },
    '/title-60': { body: page(`<title>${emoji(60)}</title>`, '') },
    '/title-61': { body: page(`<title>${emoji(61)}</title>`, '') },
    '/descriptions': {
      body: page(
        '<meta name="description" content="First"><meta name="Description" content="Second \n one"><meta name="description" content="  ">',
        '',
      ),
    },
    '/no-description': { body: page('<title>x</title>', '<meta name="description" content="In the body">') },
    '/no-headings': { body: page('<title>x</title>', '<p>Text</p>') },
    '/h1-twice': { body: page('<title>Bread</title>', '<h1>Bread</h1><h1>Cakes</h1>') },
    '/blog/post': {
      body: page('', '<img src="img/a.png"><img src="/b.png" alt=""><img src="/c.png" alt="0"><img src="/d.png" alt="D"><img alt="No source">'),
    },
    '/shop/item_1': { body: page('<title>Shop item</title>', '') },
    '/bread': { body: page('<title>Cakes</title>', '') },
  });
});
afterAll(() => site.close());

describe('title', () => {
  it('is the title text, and passes', async () => {
    expect((await site.audit('/fresh-bread')).title).toEqual({ passed: true, importance: 'high', value: 'Fresh Sourdough Bread | Bakery' });
  });

  it('fails a missing title with both missing and length (0 is under the minimum of "1")', async () => {
    expect((await site.audit('/no-title')).title).toEqual({
      passed: false,
      importance: 'high',
      value: null,
      errors: { missing: null, length: { min: '1', max: '60' } },
    });
  });

  it('joins the text of every title tag, cleaned, and fails more than one', async () => {
    expect((await site.audit('/two-titles')).title).toEqual({
      passed: false,
      importance: 'high',
      value: 'Breadand more',
      errors: { too_many: null },
    });
  });

  it('counts characters, not UTF-16 units: 60 emoji pass, 61 fail on length', async () => {
    expect((await site.audit('/title-60')).title).toEqual({ passed: true, importance: 'high', value: emoji(60) });
    expect((await site.audit('/title-61')).title?.errors).toEqual({ length: { min: '1', max: '60' } });
  });
});

describe('meta_description', () => {
  it('is the last description in head with something in it, cleaned; there is no length rule', async () => {
    expect((await site.audit('/descriptions')).meta_description).toEqual({ passed: true, importance: 'high', value: 'Second one' });
  });

  it('is missing when only the body has one', async () => {
    expect((await site.audit('/no-description')).meta_description).toEqual({
      passed: false,
      importance: 'high',
      value: null,
      errors: { missing: null },
    });
  });
});

describe('headings', () => {
  it('lists the text of each level present, in page order', async () => {
    expect((await site.audit('/fresh-bread')).headings).toEqual({
      passed: true,
      importance: 'high',
      value: { h1: ['Our bread'], h2: ['Loaves', 'Hours'], h3: ['Weekdays'] },
    });
  });

  it('sends [] and missing when there is no heading', async () => {
    expect((await site.audit('/no-headings')).headings).toEqual({ passed: false, importance: 'high', value: [], errors: { missing: null } });
  });

  it('adds up too_many and duplicate (the first h1 repeats the title), in that order', async () => {
    const { headings } = await site.audit('/h1-twice');
    expect(headings).toEqual({ passed: false, importance: 'high', value: { h1: ['Bread', 'Cakes'] }, errors: { too_many: null, duplicate: null } });
    expect(Object.keys(headings?.errors ?? {})).toEqual(['too_many', 'duplicate']);
  });
});

describe('content_keywords', () => {
  it('keeps the title words found in the body at their places: gaps make an object', async () => {
    // Title slots: fresh 0, sourdough 1, bread 2, '' 3, '' 4, bakery 5. The body text runs the
    // headings and the paragraph together ("WeekdaysFresh"), so "fresh" is not a word of it.
    expect((await site.audit('/fresh-bread')).content_keywords).toEqual({ passed: true, importance: 'high', value: { 2: 'bread', 5: 'bakery' } });
  });

  it('sends the title words as missing when none is in the body; [] without a title', async () => {
    expect((await site.audit('/bread')).content_keywords).toEqual({ passed: false, importance: 'high', value: [], errors: { missing: ['cakes'] } });
    expect((await site.audit('/no-title')).content_keywords).toEqual({ passed: false, importance: 'high', value: [], errors: { missing: [] } });
  });
});

describe('image_keywords', () => {
  it('lists images with a source and an empty, "0" or absent alt, addresses put on the site root', async () => {
    expect((await site.audit('/blog/post')).image_keywords).toEqual({
      passed: false,
      importance: 'high',
      value: null,
      errors: {
        missing: [
          { url: site.url('/img/a.png'), text: '' },
          { url: site.url('/b.png'), text: '' },
          { url: site.url('/c.png'), text: '0' },
        ],
      },
    });
  });

  it('passes with a null value', async () => {
    expect((await site.audit('/fresh-bread')).image_keywords).toEqual({ passed: true, importance: 'high', value: null });
  });
});

describe('seo_friendly_url', () => {
  it('is the final address, and passes when it holds a title word and none of ? = _ % , or space', async () => {
    expect((await site.audit('/fresh-bread')).seo_friendly_url).toEqual({ passed: true, importance: 'high', value: site.url('/fresh-bread') });
  });

  it.each([
    ['/shop/item_1', { bad_format: null }],
    ['/fresh-bread?size=big', { bad_format: null }],
    ['/bread?size=big', { bad_format: null, missing: null }],
    ['/no-title', { missing: null }],
  ])('%s fails with %j', async (path, errors) => {
    expect((await site.audit(path)).seo_friendly_url).toEqual({ passed: false, importance: 'high', value: site.url(path), errors });
  });
});
