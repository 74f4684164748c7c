import { attr, outcome, type Check } from './types.ts';

const LOAD_TIME_MAX_MS = 2000;
/** 330 KB, counted in binary kilobytes. */
export const PAGE_SIZE_MAX = 330 * 1024;
const REQUESTS_MAX = 50;
const DOM_NODES_MAX = 1500;
const COMPRESSIONS = ['gzip', 'br', 'deflate', 'zstd'];

export const textCompression: Check = {
  name: 'text_compression',
  importance: 'high',
  run({ headers }) {
    const encoding = String(headers['content-encoding'] ?? '')
      .trim()
      .toLowerCase();
    const passed = COMPRESSIONS.includes(encoding);
    return outcome(passed, encoding === '' ? null : encoding, { missing: null });
  },
};

export const loadTime: Check = {
  name: 'load_time',
  importance: 'high',
  run({ loadTimeMs }) {
    const seconds = Math.round(loadTimeMs / 10) / 100;
    return outcome(loadTimeMs < LOAD_TIME_MAX_MS, seconds, { too_slow: { max: LOAD_TIME_MAX_MS / 1000 } });
  },
};

export const pageSize: Check = {
  name: 'page_size',
  importance: 'medium',
  run({ bytes }) {
    return outcome(bytes < PAGE_SIZE_MAX, bytes, { too_large: { max: PAGE_SIZE_MAX } });
  },
};

/** Counts what the page asks the browser to fetch besides itself. */
export const httpRequests: Check = {
  name: 'http_requests',
  importance: 'medium',
  run({ document }) {
    const all = (selector: string) => [...document.querySelectorAll(selector)];
    const stylesheets = all('link[href]').filter((link) => /\bstylesheet\b/i.test(link.getAttribute('rel') ?? ''));
    const value = {
      JavaScripts: sources(all('script[src]'), 'src'),
      CSS: sources(stylesheets, 'href'),
      Images: sources(all('img[src]'), 'src'),
      Iframes: sources(all('iframe[src]'), 'src'),
      Media: sources(all('video[src], audio[src], source[src]'), 'src'),
    };
    const count = Object.values(value).reduce((sum, list) => sum + list.length, 0);
    return outcome(count < REQUESTS_MAX, value, { too_many: { max: REQUESTS_MAX, count } });
  },
};

function sources(elements: Element[], name: string): string[] {
  return elements.map((el) => attr(el, name)).filter((v) => v !== '');
}

export const domSize: Check = {
  name: 'dom_size',
  importance: 'medium',
  run({ document }) {
    const nodes = document.querySelectorAll('*').length;
    return outcome(nodes < DOM_NODES_MAX, nodes, { too_many: { max: DOM_NODES_MAX } });
  },
};
