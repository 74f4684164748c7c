import type { Privacy } from '@/lib/shared/privacy';

/**
 * What "Copy link" gives for a report: the service's own address of it when others can open it
 * (public, or with the password, which is never part of the link), nothing when it is private.
 */
export type ReportLink = { kind: 'public'; url: string } | { kind: 'password'; url: string } | { kind: 'private' };

export function reportLink(privacy: Privacy, webUrl: string): ReportLink {
  if (privacy === 0) return { kind: 'public', url: webUrl };
  if (privacy === 2) return { kind: 'password', url: webUrl };
  return { kind: 'private' };
}
