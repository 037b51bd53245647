/**
 * Comma-separated text for spreadsheets (RFC 4180): a field with a comma, a quote or a line break is quoted,
 * its quotes doubled; lines end in CRLF. A text that a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return; OWASP's "CSV injection") is written after an apostrophe, so it shows
 * as the text it is. Numbers are written as they are (a negative amount is a number, not a formula).
 */
export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
