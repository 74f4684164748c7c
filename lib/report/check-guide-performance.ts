import type { CheckSpec } from '@/lib/report/check-guide';
import { max, value } from '@/lib/report/check-guide-shorthands';

/** The checks of the service's "Performance" category, in its order. */
export const PERFORMANCE_CHECKS: [string, CheckSpec][] = [
  [
    'text_compression',
    {
      category: 'performance',
      why: 'whyTextCompression',
      fix: 'fixTextCompression',
      finding: { kind: 'number', unit: 'bytes' },
    },
  ],
  [
    'load_time',
    {
      category: 'performance',
      why: 'whyLoadTime',
      fix: 'fixLoadTime',
      finding: { kind: 'number', unit: 'seconds', limit: max(2) },
    },
  ],
  [
    'page_size',
    {
      category: 'performance',
      why: 'whyPageSize',
      fix: 'fixPageSize',
      finding: { kind: 'number', unit: 'bytes', limit: max(330_000) },
    },
  ],
  [
    'http_requests',
    {
      category: 'performance',
      why: 'whyHttpRequests',
      fix: 'fixHttpRequests',
      finding: { kind: 'groups', from: 'value', noun: 'nounResources', limit: max(50) },
    },
  ],
  [
    'image_format',
    {
      category: 'performance',
      why: 'whyImageFormat',
      fix: 'fixImageFormat',
      finding: { kind: 'list', from: 'errors', noun: 'nounImagesInOlderFormats' },
      onPage: 'image',
    },
  ],
  [
    'defer_javascript',
    {
      category: 'performance',
      why: 'whyDeferJavascript',
      fix: 'fixDeferJavascript',
      finding: { kind: 'list', from: 'errors', noun: 'nounScriptsWithoutDefer' },
    },
  ],
  [
    'dom_size',
    {
      category: 'performance',
      why: 'whyDomSize',
      fix: 'fixDomSize',
      finding: { kind: 'number', unit: 'elements', limit: max(1500) },
    },
  ],
  [
    'doctype',
    {
      category: 'performance',
      why: 'whyDoctype',
      fix: 'fixDoctype',
      finding: value,
    },
  ],
];
