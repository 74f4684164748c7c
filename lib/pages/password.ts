import type { Privacy } from '@/lib/shared/privacy';
import { t } from '@/lib/shared/i18n';

/** The service's own bounds for a report password. */
export const PASSWORD_MAX = 128;

/**
 * What is wrong with the password typed for a report, or null. Checked
 * before sending so the user need not wait for the service to refuse it.
 * Characters are counted as the service counts them (code points, not
 * UTF-16 units).
 */
export function passwordProblem(privacy: Privacy, password: string): string | null {
  if (privacy !== 2) return null;
  if (password.trim() === '') return t('passwordEmpty');
  if ([...password].length > PASSWORD_MAX) return t('passwordTooLong', { max: PASSWORD_MAX });
  return null;
}
