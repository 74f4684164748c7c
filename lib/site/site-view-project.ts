import { serviceParam } from '@/lib/shared/service-bounds';

/** The project the site view's own address names (`site.html?project=example.com`), or null when it names none. */
export function readSiteViewProject(search: string): string | null {
  const project = new URLSearchParams(search).get('project')?.trim() ?? '';
  return project !== '' && project.length <= 255 ? project : null;
}

/** The service the site view's own address names, or undefined (the default). */
export function readSiteViewService(search: string): string | undefined {
  const service = new URLSearchParams(search).get('service');
  return serviceParam(service) ? service : undefined;
}
