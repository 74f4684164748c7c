/** The performance checks: compression, time, size, requests, image formats, defer, DOM size, doctype. */
import { cleanText, headerValues, mapOrList, push, resolveUrl } from './php.ts';
import { lines, SETTINGS } from './settings.ts';
import { all, attr, isEmpty, verdict, type Check } from './types.ts';

/** Only gzip counts: the service asks for `gzip, deflate`, and a deflated page still fails. */
export const textCompression: Check = {
  name: 'text_compression',
  importance: 'high',
  run({ rawHeaders, transferBytes }) {
    const gzipped = headerValues(rawHeaders, 'content-encoding').includes('gzip');
    return verdict(transferBytes, gzipped ? {} : { missing: null });
  },
};

/** Seconds with curl's microsecond precision; exactly the limit still passes. */
export const loadTime: Check = {
  name: 'load_time',
  importance: 'medium',
  run({ loadSeconds }) {
    const seconds = Math.round(loadSeconds * 1e6) / 1e6;
    return verdict(seconds, seconds > Number(SETTINGS.loadTime) ? { too_slow: { max: SETTINGS.loadTime } } : {});
  },
};

export const pageSize: Check = {
  name: 'page_size',
  importance: 'medium',
  run({ transferBytes }) {
    return verdict(transferBytes, transferBytes > Number(SETTINGS.pageSize) ? { too_large: { max: SETTINGS.pageSize } } : {});
  },
};

/** What a browser fetches at load: lazy images and frames wait, and media with preload=none too. */
export const httpRequests: Check = {
  name: 'http_requests',
  importance: 'medium',
  run({ document, url }) {
    const found: Record<string, string[]> = {};
    const add = (group: string, src: string) => push(found, group, resolveUrl(src, url));
    for (const script of all(document, 'script')) if (!isEmpty(attr(script, 'src'))) add('JavaScripts', attr(script, 'src'));
    for (const link of all(document, 'link')) if (/\bstylesheet\b/.test(attr(link, 'rel'))) add('CSS', attr(link, 'href'));
    for (const img of all(document, 'img')) if (eager(img)) add('Images', attr(img, 'src'));
    for (const [tag, group] of [
      ['audio', 'Audios'],
      ['video', 'Videos'],
    ] as const) {
      for (const media of all(document, tag)) {
        if (attr(media, 'preload') === 'none') continue;
        for (const source of all(media, 'source')) {
          if (!isEmpty(attr(source, 'src')) && attr(source, 'type').startsWith(`${tag}/`)) add(group, attr(source, 'src'));
        }
      }
    }
    for (const frame of all(document, 'iframe')) if (eager(frame)) add('Iframes', attr(frame, 'src'));
    const count = Object.values(found).reduce((sum, list) => sum + list.length, 0);
    const tooMany = count > Number(SETTINGS.httpRequests);
    return verdict(mapOrList(found), tooMany ? { too_many: { max: SETTINGS.httpRequests } } : {});
  },
};

function eager(el: Element): boolean {
  return !isEmpty(attr(el, 'src')) && !/\blazy\b/.test(attr(el, 'loading'));
}

/** The name and the extension of the last segment of a path, as PHP's pathinfo splits them. */
function pathParts(path: string): { filename: string; extension: string } {
  const base = path.replace(/\/+$/, '').split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot < 0 ? { filename: base, extension: '' } : { filename: base.slice(0, dot), extension: base.slice(dot + 1) };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Every image but SVGs fails unless the raw HTML names a file of the same name in an accepted
 * format, written as `/name.avif"` (a `<picture>` source, or the image itself).
 */
export const imageFormat: Check = {
  name: 'image_format',
  importance: 'medium',
  run({ document, url, html }) {
    const formats = lines(SETTINGS.imageFormats);
    const badFormat = all(document, 'img')
      .filter((img) => {
        const src = attr(img, 'src');
        if (isEmpty(src) || pathParts(resolveUrl(src, url)).extension.toLowerCase() === 'svg') return false;
        const name = escapeRegex(pathParts(src).filename);
        return !new RegExp(formats.map((f) => `\\/${name}\\.${escapeRegex(f).toLowerCase()}"`).join('|')).test(html);
      })
      .map((img) => ({ url: resolveUrl(attr(img, 'src'), url), text: cleanText(attr(img, 'alt')) }));
    return verdict(formats, badFormat.length > 0 ? { bad_format: badFormat } : {});
  },
};

/** `async` alone is not enough. */
export const deferJavascript: Check = {
  name: 'defer_javascript',
  importance: 'low',
  run({ document, url }) {
    const missing = all(document, 'script')
      .filter((script) => !isEmpty(attr(script, 'src')) && !script.hasAttribute('defer'))
      .map((script) => resolveUrl(attr(script, 'src'), url));
    return verdict(null, missing.length > 0 ? { missing } : {});
  },
};

export const domSize: Check = {
  name: 'dom_size',
  importance: 'low',
  run({ document }) {
    const nodes = all(document, '*').length;
    return verdict(nodes, nodes > Number(SETTINGS.maxDomNodes) ? { too_many: { max: SETTINGS.maxDomNodes } } : {});
  },
};

export const doctype: Check = {
  name: 'doctype',
  importance: 'medium',
  run({ document }) {
    const name = document.doctype?.name ?? '';
    return verdict(name, name === '' ? { missing: null } : {});
  },
};
