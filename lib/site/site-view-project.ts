/** The project the site view's own address names (`site.html?project=example.com`), or null when it names none. */
export function readSiteViewProject(search: string): string | null {
  const project = new URLSearchParams(search).get('project')?.trim() ?? '';
  return project !== '' && project.length <= 255 ? project : null;
}
