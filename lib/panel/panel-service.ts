import { serviceParam } from '@/lib/shared/service-bounds';

/** The service the panel's own address names (`sidepanel.html?service=…`), or undefined: the default. */
export function readPanelService(search: string): string | undefined {
  const service = new URLSearchParams(search).get('service');
  return serviceParam(service) ? service : undefined;
}
