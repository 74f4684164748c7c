/**
 * CSV as spreadsheets read it (RFC 4180): every field quoted, quotes doubled,
 * lines ended with CRLF. A cell that a spreadsheet could run as a formula gets
 * a leading apostrophe: an address or a project name from the service is data,
 * never a formula (OWASP "CSV injection"). Such a cell starts with a tab or a
 * carriage return, or its first non-blank character (after spaces, no-break
 * spaces, line feeds) is = + - @ or their full-width forms ＝ ＋ － ＠.
 */

const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@＝＋－＠])/u;

export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(values: readonly (string | number | null)[]): string {
  return values.map(csvCell).join(',');
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map(csvLine).join('\r\n') + '\r\n';
}
