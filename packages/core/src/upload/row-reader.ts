import { FV_FM_RANGE } from '../ed50/input-checks';
import { findCountry } from '../countries/normalize-country';
import { PLAUSIBLE_MMM_RANGE_C } from '../thresholds/quality-flags';
import { FORMULA_TEXT_FIX, isFormulaText } from '../csv/csv-writer';
import type { CsvRecord } from '../tabular/csv-table';
import type { ColumnRecognition } from '../tabular/column-spec';
import type { ProblemList, UploadFileRole } from './problems';
import {
  cleanLabel,
  dateReader,
  isMissingCell,
  readNumber,
  type DateCell,
} from '../tabular/values';

export interface NumberRule {
  min: number;
  max: number;
  /** Says what the range is and what to do when a value is outside it. */
  rangeFix: string;
  /** What the value is, for messages: "temperature", "PAM value". */
  what: string;
}

/** Plausible ranges checked on every row (values outside are errors, not flags). */
export const VALUE_RULES = {
  temperature: {
    min: 15,
    max: 45,
    what: 'temperature',
    rangeFix:
      'Temperatures are in °C; a CBASS assay stays between 15 and 45 °C. Check for Fahrenheit values or typing errors.',
  },
  pamValue: {
    // The calculator's Fv/Fm range, decided once (decision 0062).
    min: FV_FM_RANGE.min,
    max: FV_FM_RANGE.max,
    what: 'PAM value (Fv/Fm)',
    rangeFix:
      'PAM values are Fv/Fm ratios between 0 and 1. If you entered them ×1000 or as percentages, divide them accordingly.',
  },
  latitude: {
    min: -90,
    max: 90,
    what: 'latitude',
    rangeFix: 'Latitude is in decimal degrees between -90 and 90 (south is negative).',
  },
  longitude: {
    min: -180,
    max: 180,
    what: 'longitude',
    rangeFix: 'Longitude is in decimal degrees between -180 and 180 (west is negative).',
  },
  mmm: {
    ...PLAUSIBLE_MMM_RANGE_C,
    what: 'MMM',
    rangeFix:
      'MMM is the maximum monthly mean sea-surface temperature at the colony, in °C (typically 20–32 °C).',
  },
  ed: {
    min: -Infinity,
    max: Infinity,
    what: 'ED value',
    rangeFix: '',
  },
} as const satisfies Record<string, NumberRule>;

/**
 * The longest text a cell may hold (decision 0024: a 1,000,000-character species name was imported,
 * served in the public feed and broke a database index). Names are identifiers, not prose; a
 * publication title is the one longer text.
 */
export const TEXT_LENGTH_LIMITS: Readonly<Record<string, number>> = { publicationTitle: 1000 };
export const DEFAULT_TEXT_LENGTH_LIMIT = 200;

/** A value shown in a problem report is cut to this many characters. */
const SHOWN_VALUE_LENGTH = 80;

/**
 * Reads the cells of one file by field id, reporting every problem with the row, the column as
 * the file names it, the value and what to do.
 */
export class RowReader {
  private readonly decimalCommaColumns = new Map<string, number>();
  private dates: { today: Date; read: (cell: string) => DateCell } | null = null;
  /** Rows already reported as cut off: their other empty cells are not reported again. */
  private readonly cutOffRows = new Set<number>();

  constructor(
    readonly file: UploadFileRole,
    readonly recognition: ColumnRecognition,
    readonly header: readonly string[],
    readonly problems: ProblemList,
  ) {}

  /** The column's name as written in the file. */
  columnName(id: string): string {
    const position = this.recognition.index.get(id);
    const written = position === undefined ? undefined : this.header[position]?.trim();
    return written || id;
  }

  hasColumn(id: string): boolean {
    return this.recognition.index.has(id);
  }

  raw(record: CsvRecord, id: string): string {
    const position = this.recognition.index.get(id);
    return position === undefined ? '' : (record.cells[position] ?? '');
  }

  has(record: CsvRecord, id: string): boolean {
    return !isMissingCell(this.raw(record, id));
  }

  fail(record: CsvRecord, id: string, problem: string, fix: string, kind?: string): null {
    const value = this.raw(record, id);
    if (this.cutOff(record, id)) return null;
    const shown =
      value.length > SHOWN_VALUE_LENGTH ? `${value.slice(0, SHOWN_VALUE_LENGTH)}…` : value;
    this.problems.error(
      {
        file: this.file,
        row: record.row,
        column: this.columnName(id),
        value: value === '' ? null : shown,
        problem,
        fix,
      },
      kind ?? `${this.file}:${id}:${problem.replace(/"[^"]*"|-?\d+(\.\d+)?/g, '…')}`,
    );
    return null;
  }

  /**
   * A row whose cells stop early (a file cut off while copying or saving, or a row left
   * half-typed) is one problem, not one per empty column (decision 0056): when a check fails on
   * an empty cell after the row's last filled one, and at least two columns are empty there, the
   * row is reported once as cut off and its other empty cells are not reported. True when the
   * failure is part of such a row.
   */
  private cutOff(record: CsvRecord, id: string): boolean {
    if (this.cutOffRows.has(record.row)) return true;
    const position = this.recognition.index.get(id);
    if (position === undefined || this.raw(record, id).trim() !== '') return false;
    let lastFilled = -1;
    record.cells.forEach((cell, i) => {
      if (i < this.header.length && cell.trim() !== '') lastFilled = i;
    });
    const width = this.header.length;
    if (lastFilled < 0 || position <= lastFilled || width - 1 - lastFilled < 2) return false;
    this.cutOffRows.add(record.row);
    const name = (i: number) => this.header[i]?.trim() || `column ${i + 1}`;
    const empty = width - 1 - lastFilled;
    this.problems.error(
      {
        file: this.file,
        row: record.row,
        column: name(lastFilled + 1),
        value: null,
        problem: `The row stops after ${name(lastFilled)} (column ${lastFilled + 1} of ${width}): ${name(lastFilled + 1)} and the ${empty - 1} column${empty - 1 === 1 ? '' : 's'} after it are empty, so the row looks cut off.`,
        fix: 'Complete the row, or delete it if it is a left-over (a file cut off while copying or saving loses the end of its last row).',
      },
      `${this.file}:cut-off`,
    );
    return true;
  }

  /** A label, or null when the cell is empty/NA. */
  text(record: CsvRecord, id: string): string | null {
    const cell = this.raw(record, id);
    if (isMissingCell(cell)) return null;
    const text = cleanLabel(cell);
    if (isFormulaText(text)) {
      return this.fail(
        record,
        id,
        `${this.columnName(id)} starts like a spreadsheet formula.`,
        FORMULA_TEXT_FIX,
        `${this.file}:${id}:formula`,
      );
    }
    const limit = TEXT_LENGTH_LIMITS[id] ?? DEFAULT_TEXT_LENGTH_LIMIT;
    if (text.length <= limit) return text;
    return this.fail(
      record,
      id,
      `${this.columnName(id)} is ${text.length.toLocaleString('en-US')} characters long; at most ${limit} are allowed.`,
      `Shorten the text in ${this.columnName(id)} (a name or label, not a description).`,
      `${this.file}:${id}:too_long`,
    );
  }

  /** A label that must be there. */
  required(record: CsvRecord, id: string, fix: string): string | null {
    if (this.has(record, id)) return this.text(record, id);
    return this.fail(
      record,
      id,
      `${this.columnName(id)} is empty.`,
      fix,
      `${this.file}:${id}:empty`,
    );
  }

  /** A number (or null when the cell is empty and `optional`), checked against its rule. */
  number(record: CsvRecord, id: string, rule: NumberRule, optional: boolean): number | null {
    const cell = this.raw(record, id);
    if (isMissingCell(cell)) {
      if (optional) return null;
      return this.fail(
        record,
        id,
        `The ${rule.what} is missing.`,
        `Enter the ${rule.what} in ${this.columnName(id)}.`,
        `${this.file}:${id}:empty`,
      );
    }
    const text = cell.trim();
    const parsed = readNumber(text);
    if (!parsed.ok) {
      return this.fail(
        record,
        id,
        `"${text}" is not a number.`,
        `Enter the ${rule.what} as a number with a decimal point (for example 36.5).`,
        `${this.file}:${id}:nan`,
      );
    }
    if (parsed.decimalComma) {
      this.decimalCommaColumns.set(id, this.decimalCommaColumns.get(id) ?? record.row);
    }
    if (parsed.value < rule.min || parsed.value > rule.max) {
      return this.fail(
        record,
        id,
        `The ${rule.what} ${parsed.value} is outside the plausible range ${rule.min} to ${rule.max}.`,
        rule.rangeFix,
        `${this.file}:${id}:range`,
      );
    }
    return parsed.value;
  }

  date(record: CsvRecord, id: string, optional: boolean, today: Date): string | null {
    const cell = this.raw(record, id);
    if (isMissingCell(cell)) {
      if (optional) return null;
      return this.fail(
        record,
        id,
        `The date is missing.`,
        `Enter the date in ${this.columnName(id)} as YYYY-MM-DD.`,
        `${this.file}:${id}:empty`,
      );
    }
    if (this.dates?.today !== today) this.dates = { today, read: dateReader(today) };
    const parsed = this.dates.read(cell);
    if (parsed.ok) return parsed.value;
    return this.fail(record, id, parsed.problem, parsed.fix, `${this.file}:${id}:date`);
  }

  /** ISO 3166 alpha-3, from alpha-2, alpha-3, a common non-ISO code or the English name. */
  country(record: CsvRecord, id: string): string | null {
    const text = this.required(record, id, 'Enter the country as an ISO 3166 code (FJI or FJ).');
    if (text === null) return null;
    const country = findCountry(text);
    if (country) return country.alpha3;
    return this.fail(
      record,
      id,
      `"${text}" is not a known country code.`,
      'Use an ISO 3166 country code, alpha-3 (FJI, SAU) or alpha-2 (FJ, SA), or the English country name.',
      `${this.file}:${id}:country`,
    );
  }

  /** One warning per column that used decimal commas. */
  decimalCommaWarnings(): { column: string; row: number }[] {
    return [...this.decimalCommaColumns].map(([id, row]) => ({ column: this.columnName(id), row }));
  }
}
