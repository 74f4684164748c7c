import { describe, expect, it } from 'vitest';
import { markdownText, reportMarkdown } from '@/lib/report/markdown';
import { RECORDED, reportOf } from '../../fixtures/report-view';

const webUrl = 'https://reports.example.com/reports/123';

describe('Copy as Markdown', () => {
  it('is a checklist of the failed checks by category, each with how to fix it and what was found', () => {
    const report = reportOf(RECORDED.mediocre.results, { url: RECORDED.mediocre.url, result: RECORDED.mediocre.score });
    expect(reportMarkdown({ report, webUrl })).toBe(`## Site Report: blog.example.net/2023/05/how-to-choose-running-shoes

Score 73 (Decent), 13 of 36 checks failed. Generated 2024-05-01 10:00 UTC.
Full report: <https://reports.example.com/reports/123>

### SEO

- [ ] **Headings** (high): Use exactly one h1, worded differently from the title, and h2 to h6 for the sections below it. Found: The h1 repeats the title word for word.
- [ ] **Image alt text** (high): Add an alt attribute to each image listed; leave it empty (alt="") only for decorative images. Found: 3 images without alt text.

### Performance

- [ ] **Image formats** (medium): Serve the images listed as AVIF or WebP. Found: 4 images in older formats.
- [ ] **Load time** (medium): Make the server answer faster: cache pages, do less work per request, or move to a faster host. Found: 2.41 s (limit: at most 2 s).
- [ ] **Deferred JavaScript** (low): Add the defer attribute to the script tags listed. Found: 3 scripts without defer.

### Security

- [ ] **Server signature** (medium): Hide the server's name and version (ServerTokens Prod in Apache, server\\_tokens off in nginx). Found: 1 Server header.
- [ ] **HTTP/2** (medium): Turn on HTTP/2 in the web server, or in the CDN in front of it.
- [ ] **Unsafe cross-origin links** (medium): Add rel="noopener" to the links listed. Found: 2 unsafe links.
- [ ] **HSTS header** (low): Send a Strict-Transport-Security header, such as max-age=31536000; includeSubDomains.
- [ ] **Plain-text e-mail addresses** (low): Replace the addresses listed with a contact form, or hide them from robots. Found: 1 e-mail address.

### Miscellaneous

- [ ] **Structured data** (medium): Add Schema.org JSON-LD and Open Graph tags that describe the page.
- [ ] **Content length** (low): Write more useful text on the page: an article wants at least 500 words. Found: 312 words (limit: at least 500 words).
- [ ] **Text-to-HTML ratio** (low): Add text, or trim the markup, scripts and styles written into the HTML. Found: 8 % (limit: at least 10 %).
`);
  });

  it('says so when nothing failed', () => {
    const report = reportOf({ title: { passed: true, importance: 'high', value: 'Home' } }, { result: 100 });
    expect(reportMarkdown({ report, webUrl })).toBe(`## Site Report: example.com/page

Score 100 (Good), 0 of 1 checks failed. Generated 2024-05-01 10:00 UTC.
Full report: <https://reports.example.com/reports/123>

Every check passed.
`);
  });

  it('keeps markup and Markdown from the service as text', () => {
    const report = reportOf({ '<b>x</b>_y': { passed: false, importance: 'low', value: null } }, { url: 'example.com/[a](javascript:x)*<img>' });
    const markdown = reportMarkdown({ report, webUrl });
    expect(markdown).toContain('## Site Report: example.com/\\[a\\](javascript:x)\\*\\<img\\>');
    expect(markdown).toContain('- [ ] **\\<b\\>x\\</b\\> y** (low)');
  });

  it.each([
    ['a * b', 'a \\* b'],
    ['under_score', 'under\\_score'],
    ['<script>', '\\<script\\>'],
    ['line\nbreak', 'line break'],
    ['back\\slash `code`', 'back\\\\slash \\`code\\`'],
  ])('%j is written %j', (text, written) => {
    expect(markdownText(text)).toBe(written);
  });
});
