import type { SettingsView } from '@/lib/protocol';

/** The settings of an extension connected to a service, with the access granted; `over` changes any of them. */
export const connectedSettings = (over: Partial<SettingsView> = {}): SettingsView => ({
  baseUrl: 'https://reports.example.com',
  keySet: true,
  keyHint: '1234',
  permissionGranted: true,
  keyForSessionOnly: false,
  preferences: { defaultPrivacy: 1, badgeEnabled: false },
  ...over,
});
