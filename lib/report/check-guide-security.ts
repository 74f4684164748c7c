import type { CheckSpec } from '@/lib/report/check-guide';
import { value } from '@/lib/report/check-guide-shorthands';

/** The checks of the service's "Security" category, in its order. */
export const SECURITY_CHECKS: [string, CheckSpec][] = [
  [
    'https_encryption',
    {
      category: 'security',
      why: 'whyHttpsEncryption',
      fix: 'fixHttpsEncryption',
      finding: value,
    },
  ],
  [
    'http2',
    {
      category: 'security',
      why: 'whyHttp2',
      fix: 'fixHttp2',
      finding: { kind: 'value', prefix: 'HTTP/' },
    },
  ],
  [
    'mixed_content',
    {
      category: 'security',
      why: 'whyMixedContent',
      fix: 'fixMixedContent',
      finding: { kind: 'groups', from: 'errors', noun: 'nounInsecureResources' },
    },
  ],
  [
    'server_signature',
    {
      category: 'security',
      why: 'whyServerSignature',
      fix: 'fixServerSignature',
      finding: { kind: 'list', from: 'value', noun: 'nounServerHeaders' },
    },
  ],
  [
    'unsafe_cross_origin_links',
    {
      category: 'security',
      why: 'whyUnsafeCrossOriginLinks',
      fix: 'fixUnsafeCrossOriginLinks',
      finding: { kind: 'list', from: 'errors', noun: 'nounUnsafeLinks' },
      onPage: 'link',
    },
  ],
  [
    'htst',
    {
      category: 'security',
      why: 'whyHtst',
      fix: 'fixHtst',
      finding: { kind: 'list', from: 'value', noun: 'nounHSTSHeaders' },
    },
  ],
  [
    'plaintext_email',
    {
      category: 'security',
      why: 'whyPlaintextEmail',
      fix: 'fixPlaintextEmail',
      finding: { kind: 'list', from: 'errors', noun: 'nounEMailAddresses' },
    },
  ],
  [
    'gsb',
    {
      category: 'security',
      why: 'whyGsb',
      fix: 'fixGsb',
      finding: value,
    },
  ],
];
