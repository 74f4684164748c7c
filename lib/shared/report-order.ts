/** What ordering reports by date needs of them. */
export interface Dated {
  id: number;
  generatedAt: string | null;
  createdAt: string | null;
}

/** When a report was made, in ms since the epoch; 0 when the service sent no date. */
export const reportTime = (report: Dated): number => Date.parse(report.generatedAt ?? report.createdAt ?? '') || 0;

/** By the date each was made, then by id: an audit run again has a newer date than its id tells. */
export function newestFirst<T extends Dated>(reports: readonly T[]): T[] {
  return [...reports].sort((a, b) => reportTime(b) - reportTime(a) || b.id - a.id);
}
