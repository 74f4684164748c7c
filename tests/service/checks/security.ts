/** The security checks: HTTPS, HTTP/2, mixed content, server signature, unsafe links, HSTS, e-mail addresses. */
import { plaintextEmails } from './emails.ts';
import { headerValues, isInternal, push, resolveUrl } from './php.ts';
import { all, attr, isEmpty, verdict, type Check } from './types.ts';

export const httpsEncryption: Check = {
  name: 'https_encryption',
  importance: 'high',
  run({ url }) {
    return verdict(url.href, url.protocol === 'https:' ? {} : { missing: 'https' });
  },
};

/** The version of the final response, as the page was actually fetched. */
export const http2: Check = {
  name: 'http2',
  importance: 'medium',
  run({ httpVersion }) {
    return verdict(httpVersion, Number(httpVersion) === 2 ? {} : { failed: null });
  },
};

/** Plain-http resources of an https page; an http page is not looked at and passes. */
export const mixedContent: Check = {
  name: 'mixed_content',
  importance: 'medium',
  run({ document, url }) {
    const found: Record<string, string[]> = {};
    if (url.href.startsWith('https://')) {
      const insecure = (src: string) => !isEmpty(src) && src.startsWith('http://');
      const add = (group: string, src: string) => push(found, group, resolveUrl(src, url));
      for (const script of all(document, 'script')) if (insecure(attr(script, 'src'))) add('JavaScripts', attr(script, 'src'));
      for (const link of all(document, 'link')) {
        if (/\bstylesheet\b/.test(attr(link, 'rel')) && insecure(attr(link, 'href'))) add('CSS', attr(link, 'href'));
      }
      for (const img of all(document, 'img')) if (insecure(attr(img, 'src'))) add('Images', attr(img, 'src'));
      for (const [kind, group] of [
        ['audio/', 'Audios'],
        ['video/', 'Videos'],
      ] as const) {
        for (const source of all(document, 'source')) {
          if (insecure(attr(source, 'src')) && attr(source, 'type').startsWith(kind)) add(group, attr(source, 'src'));
        }
      }
      for (const frame of all(document, 'iframe')) if (insecure(attr(frame, 'src'))) add('Iframes', attr(frame, 'src'));
    }
    return verdict(null, Object.keys(found).length > 0 ? { failed: found } : {});
  },
};

export const serverSignature: Check = {
  name: 'server_signature',
  importance: 'medium',
  run({ rawHeaders }) {
    const servers = headerValues(rawHeaders, 'server');
    return verdict(servers, servers.length > 0 ? { failed: null } : {});
  },
};

/** External `target="_blank"` links whose rel has neither noopener nor nofollow; noreferrer alone does not count. */
export const unsafeCrossOriginLinks: Check = {
  name: 'unsafe_cross_origin_links',
  importance: 'medium',
  run({ document, url }) {
    const failed = all(document, 'a')
      .map((a) => ({ target: resolveUrl(attr(a, 'href'), url), blank: attr(a, 'target') === '_blank', rel: attr(a, 'rel').toLowerCase() }))
      .filter(({ target, blank, rel }) => blank && !isInternal(target, url) && !rel.includes('noopener') && !rel.includes('nofollow'))
      .map(({ target }) => target);
    return verdict(null, failed.length > 0 ? { failed } : {});
  },
};

/** Spelled `htst` by the service. */
export const htst: Check = {
  name: 'htst',
  importance: 'low',
  run({ rawHeaders }) {
    const values = headerValues(rawHeaders, 'strict-transport-security');
    return verdict(values, values.length > 0 ? {} : { missing: null });
  },
};

export const plaintextEmail: Check = {
  name: 'plaintext_email',
  importance: 'low',
  run({ html }) {
    const found = plaintextEmails(html);
    return verdict(null, Object.keys(found).length > 0 ? { failed: found } : {});
  },
};
