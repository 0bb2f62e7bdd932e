/**
 * CSV (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled, lines end
 * with CRLF. A text cell starting with =, +, -, @ (in any width), tab or CR gets a leading apostrophe so a
 * spreadsheet does not run it as a formula; numbers are written as they are.
 */
export type CsvCell = string | number | null;

/**
 * Judged on the compatibility form (NFKC), because spreadsheets in East Asian locales read the
 * fullwidth ＝ ＋ － ＠ (and the small ﹦ ﹢ ﹣ ﹫) as the ASCII signs and start a formula with them.
 */
function startsFormula(value: string): boolean {
  return /^[=+\-@\t\r]/.test(value.normalize("NFKC"));
}

function cell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = startsFormula(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
