/** Cells a spreadsheet would run as a formula (OWASP's CSV injection advice). */
const CSV_FORMULA = /^[=+\-@\t\r]/;

function csvCell(text: string): string {
  // A text cell a spreadsheet would run as a formula is written as text; a plain number stays a number.
  const safe = CSV_FORMULA.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as RFC 4180 CSV (CRLF line ends), each cell quoted where it must be and defused where a spreadsheet would run it. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return `${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
