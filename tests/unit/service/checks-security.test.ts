import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSite, page, type LocalSite } from './local-audit.ts';

let site: LocalSite;
let secure: LocalSite;
const OTHER = 'http://127.0.0.1:9';
const INSECURE = page(
  `<script src="${OTHER}/a.js"></script><link rel="stylesheet" href="${OTHER}/a.css"><link rel="icon" href="${OTHER}/i.ico">`,
  `<img src="${OTHER}/a.png" alt="a"><img src="/relative.png" alt="r"><audio><source src="${OTHER}/a.mp3" type="audio/mpeg"></audio>` +
    `<video><source src="${OTHER}/a.mp4" type="video/mp4"></video><iframe src="${OTHER}/f.html"></iframe>`,
);
const LINKS = [
  '<a href="https://other.example/1" target="_blank">1</a>',
  '<a href="https://other.example/2" target="_blank" rel="noreferrer">2</a>',
  '<a href="https://other.example/3" target="_blank" rel="noopener">3</a>',
  '<a href="https://other.example/4" target="_blank" rel="NoFollow">4</a>',
  '<a href="/local" target="_blank">5</a>',
  '<a href="https://other.example/6" target="_BLANK">6</a>',
  '<a href="https://other.example/7">7</a>',
  '<a href="tel:+15550100" target="_blank">8</a>',
].join('');
const EMAILS = page(
  '',
  '<!-- sales@shop.example --><a href="mailto:Sales@Shop.example">Sales@Shop.example</a> first..last@shop.example <img src="/logo@2x.png" alt=""> Write to info@shop.example.',
);

beforeAll(async () => {
  const routes = {
    '/page': { body: page('<title>x</title>', '') },
    '/insecure': { body: INSECURE },
    '/server': { body: page('', ''), headers: { Server: 'Apache/2.4.41 (Ubuntu)' } },
    '/hsts': { body: page('', ''), headers: { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } },
    '/links': { body: page('', LINKS) },
    '/emails': { body: EMAILS },
    '/one-email': { body: page('', 'me@example.com') },
  };
  site = await localSite(routes);
  secure = await localSite(routes, { https: true });
});
afterAll(() => Promise.all([site.close(), secure.close()]));

describe('https_encryption', () => {
  it('passes an https page, with the final address as its value', async () => {
    expect((await secure.audit('/page')).https_encryption).toEqual({ passed: true, importance: 'high', value: secure.url('/page') });
  });

  it('fails plain http with the string "https" under missing', async () => {
    expect((await site.audit('/page')).https_encryption).toEqual({
      passed: false,
      importance: 'high',
      value: site.url('/page'),
      errors: { missing: 'https' },
    });
  });
});

describe('http2', () => {
  it('fails the HTTP/1.1 a local server speaks, naming the version', async () => {
    expect((await site.audit('/page')).http2).toEqual({ passed: false, importance: 'medium', value: '1.1', errors: { failed: null } });
  });
});

describe('mixed_content', () => {
  it('groups the plain-http resources of an https page; icons and https images are fine', async () => {
    expect((await secure.audit('/insecure')).mixed_content).toEqual({
      passed: false,
      importance: 'medium',
      value: null,
      errors: {
        failed: {
          JavaScripts: [`${OTHER}/a.js`],
          CSS: [`${OTHER}/a.css`],
          Images: [`${OTHER}/a.png`],
          Audios: [`${OTHER}/a.mp3`],
          Videos: [`${OTHER}/a.mp4`],
          Iframes: [`${OTHER}/f.html`],
        },
      },
    });
  });

  it('passes a plain-http page without looking', async () => {
    expect((await site.audit('/insecure')).mixed_content).toEqual({ passed: true, importance: 'medium', value: null });
  });
});

describe('server_signature and htst', () => {
  it('fail on a Server header, pass without one', async () => {
    expect((await site.audit('/server')).server_signature).toEqual({
      passed: false,
      importance: 'medium',
      value: ['Apache/2.4.41 (Ubuntu)'],
      errors: { failed: null },
    });
    expect((await site.audit('/page')).server_signature).toEqual({ passed: true, importance: 'medium', value: [] });
  });

  it('list the HSTS header values, [] and missing without one', async () => {
    expect((await site.audit('/hsts')).htst).toEqual({ passed: true, importance: 'low', value: ['max-age=31536000; includeSubDomains'] });
    expect((await site.audit('/page')).htst).toEqual({ passed: false, importance: 'low', value: [], errors: { missing: null } });
  });
});

describe('unsafe_cross_origin_links', () => {
  it('lists external target="_blank" links whose rel has neither noopener nor nofollow', async () => {
    // noreferrer alone is still unsafe; `_BLANK` is not `_blank`; tel: has no host, so it is external.
    expect((await site.audit('/links')).unsafe_cross_origin_links).toEqual({
      passed: false,
      importance: 'medium',
      value: null,
      errors: { failed: ['https://other.example/1', 'https://other.example/2', 'tel:+15550100'] },
    });
  });
});

describe('plaintext_email', () => {
  it('finds addresses anywhere in the raw HTML, keeps duplicates, and keeps the places of invalid matches as gaps', async () => {
    // Matches: 0 and 1, 2 (link and its text), 3 first..last (invalid), 4 the retina image name, 5 the text.
    expect((await site.audit('/emails')).plaintext_email).toEqual({
      passed: false,
      importance: 'low',
      value: null,
      errors: { failed: { 0: 'sales@shop.example', 1: 'Sales@Shop.example', 2: 'Sales@Shop.example', 4: 'logo@2x.png', 5: 'info@shop.example' } },
    });
  });

  it('sends a list when there are no gaps, and passes a page without addresses', async () => {
    expect((await site.audit('/one-email')).plaintext_email?.errors).toEqual({ failed: ['me@example.com'] });
    expect((await site.audit('/page')).plaintext_email).toEqual({ passed: true, importance: 'low', value: null });
  });
});
