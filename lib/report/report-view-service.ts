import { serviceParam } from '@/lib/shared/service-bounds';

/** The service the report view's own address names (`report.html?id=12&service=…`), or undefined (the default). */
export function readReportViewService(search: string): string | undefined {
  const service = new URLSearchParams(search).get('service');
  return serviceParam(service) ? service : undefined;
}
