import { readConnection, writeConnection } from '@/lib/storage';

/**
 * Development builds started by `npm start` come pointed at the local report
 * service, so a newcomer can report a page within a minute. Production builds
 * never carry these variables and start empty.
 */
export async function applyDemoConnection(): Promise<void> {
  const baseUrl = import.meta.env.WXT_DEMO_SERVICE_URL as string | undefined;
  const apiKey = import.meta.env.WXT_DEMO_API_KEY as string | undefined;
  if (!import.meta.env.DEV || !baseUrl || !apiKey) return;
  if (await readConnection()) return;
  await writeConnection({ baseUrl, apiKey });
}
