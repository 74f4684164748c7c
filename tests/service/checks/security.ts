import { attr, outcome, type Check } from './types.ts';

export const httpsEncryption: Check = {
  name: 'https_encryption',
  importance: 'high',
  run({ url }) {
    const passed = url.protocol === 'https:';
    return outcome(passed, passed, { missing: null });
  },
};

/** Only an https page can mix in plain-http resources; an http page passes here and fails above. */
export const mixedContent: Check = {
  name: 'mixed_content',
  importance: 'high',
  run({ url, document }) {
    const insecure =
      url.protocol !== 'https:'
        ? []
        : [...document.querySelectorAll('script[src], link[href], img[src], iframe[src], source[src], video[src], audio[src]')]
            .filter((el) => el.tagName.toLowerCase() !== 'link' || /\bstylesheet\b/i.test(attr(el, 'rel')))
            .map((el) => attr(el, el.tagName.toLowerCase() === 'link' ? 'href' : 'src'))
            .filter((src) => src.toLowerCase().startsWith('http://'));
    return outcome(insecure.length === 0, insecure, { found: insecure });
  },
};

/** A `target="_blank"` link to another site without `rel="noopener"` lets that site drive this tab. */
export const unsafeCrossOriginLinks: Check = {
  name: 'unsafe_cross_origin_links',
  importance: 'medium',
  run({ url, document }) {
    const unsafe = [...document.querySelectorAll('a[href][target]')]
      .filter((a) => attr(a, 'target').toLowerCase() === '_blank')
      .filter((a) => !/\bno(opener|referrer)\b/i.test(attr(a, 'rel')))
      .map((a) => attr(a, 'href'))
      .filter((href) => URL.canParse(href, url) && new URL(href, url).origin !== url.origin);
    return outcome(unsafe.length === 0, unsafe, { found: unsafe });
  },
};
