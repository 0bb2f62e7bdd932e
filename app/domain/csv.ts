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

/** A text that would start a formula, with the apostrophe that keeps it text; any other as it is. */
export function neutraliseFormula(value: string): string {
  return startsFormula(value) ? `'${value}` : value;
}

function cell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

/**
 * Reads CSV (RFC 4180, as `toCsv` writes it; LF line ends too) into rows of text cells, or the line
 * where a quote is left open or stands inside an unquoted cell. Cells are data only: nothing is
 * evaluated, and the caller neutralises text it keeps (`neutraliseFormula`).
 */
export function parseCsv(text: string): { ok: true; rows: string[][] } | { ok: false; line: number } {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  /** The cell began with a quote (and has been closed since, once `closed`). */
  let quoted = false;
  let closed = false;
  let line = 1;
  const endCell = () => {
    row.push(cell);
    cell = "";
    quoted = false;
    closed = false;
  };
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && !closed) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        closed = true;
      } else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === ",") {
      endCell();
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endCell();
      rows.push(row);
      row = [];
      line++;
    } else if (closed || (char === '"' && cell !== "")) {
      // Text after a closing quote, or a quote inside an unquoted cell.
      return { ok: false, line };
    } else if (char === '"') {
      quoted = true;
    } else {
      cell += char;
    }
  }
  if (quoted && !closed) return { ok: false, line };
  if (cell !== "" || quoted || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return { ok: true, rows };
}
