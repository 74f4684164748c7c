import { outcome, type Check } from './types.ts';

const DEPRECATED_TAGS = [
  'acronym',
  'applet',
  'basefont',
  'big',
  'blink',
  'center',
  'dir',
  'font',
  'frame',
  'frameset',
  'isindex',
  'marquee',
  'noframes',
  'strike',
  'tt',
];

export const deprecatedHtmlTags: Check = {
  name: 'deprecated_html_tags',
  importance: 'low',
  run({ document }) {
    const found: Record<string, number> = {};
    for (const tag of DEPRECATED_TAGS) {
      const count = document.querySelectorAll(tag).length;
      if (count > 0) found[tag] = count;
    }
    return outcome(Object.keys(found).length === 0, found, { found });
  },
};

export const inlineCss: Check = {
  name: 'inline_css',
  importance: 'low',
  run({ document }) {
    const count = document.querySelectorAll('[style]').length;
    return outcome(count === 0, count, { found: count });
  },
};
