/**
 * The one CSV cell writer every CSV export uses: RFC 4180 quoting plus OWASP's guard against formula
 * injection (https://owasp.org/www-community/attacks/CSV_Injection). A cell starting with =, +, -, @,
 * a tab or a carriage return would run as a formula when the file is opened in a spreadsheet, so it
 * gets a leading single quote, which the spreadsheet shows as text. A plain number (-12.50) is left
 * as it is: it cannot be a formula, and a credit must stay a number for the accounts team.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** RFC 4180: a cell holding a comma, a quote or a line break is quoted, its quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of cells, ended by `eol`. */
export function csvLine(cells: readonly string[], eol: '\n' | '\r\n' = '\n'): string {
  return `${cells.map(csvCell).join(',')}${eol}`;
}
