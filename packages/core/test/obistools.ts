/**
 * OBIS' own data checks, ported from the R package obistools (github.com/iobis/obistools, MIT
 * licence) so that the test suite runs them on the platform's Darwin Core Archives
 * (docs/decisions/0058-obis-ready-archives-and-friendly-files.md). Each function follows its R
 * source line by line; the R package cannot be installed here. Sources read:
 *
 * - `check_fields`: R/check_fields.R at commit 3a124487e6d04135585a84ca6ea04deaf2de965b
 *   (with `missing_fields`, `missing_values` of the same file and R/util.R)
 * - `check_eventids`, `check_extension_eventids`: R/check_eventids.R at commit
 *   025e0a36d84a1b879eb68d4f27ea1211403ec9e9
 * - `check_eventdate` (with `check_date`): R/check_eventdate.R at commit
 *   143a6c42ea680f4d3219dcfcea2d0b01a045610f
 *
 * A table is what R's `read.delim` of a tab-separated file gives: rows of column → text. R rows
 * are numbered from 1, as here. An empty cell is "" (R's `missing_values` treats NA and "" alike).
 */
export type ObisTable = readonly Readonly<Record<string, string | undefined>>[];

export interface ObisIssue {
  level: 'error' | 'warning';
  field?: string;
  /** 1-based, as R reports it. */
  row?: number;
  message: string;
}

/** R: `missing_fields(data, fields)`: the fields that are not columns of the data. */
function missingFields(columns: readonly string[], fields: readonly string[]): string[] {
  return fields.filter((field) => !columns.includes(field));
}

/** R: `missing_values(x)`: `x %in% c(NA, "")`. */
const missingValue = (value: string | undefined) => value === undefined || value === '';

/**
 * R: `check_fields(data, level = "error")`. Required fields missing or empty are errors;
 * with level "warning", recommended fields (depth) missing or empty are warnings.
 */
export function checkFields(
  data: ObisTable,
  columns: readonly string[],
  level: 'error' | 'warning' = 'error',
): ObisIssue[] {
  const errors: ObisIssue[] = [];
  const required = [
    'eventDate',
    'decimalLongitude',
    'decimalLatitude',
    'scientificName',
    'scientificNameID',
    'occurrenceStatus',
    'basisOfRecord',
  ];
  const recommended = ['minimumDepthInMeters', 'maximumDepthInMeters'];
  for (const field of missingFields(columns, required)) {
    errors.push({ field, level: 'error', message: `Required field ${field} is missing` });
  }
  for (const field of required) {
    if (!columns.includes(field)) continue;
    data.forEach((row, index) => {
      if (missingValue(row[field])) {
        errors.push({
          level: 'error',
          field,
          row: index + 1,
          message: `Empty value for required field ${field}`,
        });
      }
    });
  }
  if (level === 'warning') {
    for (const field of missingFields(columns, recommended)) {
      errors.push({ field, level: 'warning', message: `Recommended field ${field} is missing` });
    }
    for (const field of recommended) {
      if (!columns.includes(field)) continue;
      data.forEach((row, index) => {
        if (missingValue(row[field])) {
          errors.push({
            level: 'warning',
            field,
            row: index + 1,
            message: `Empty value for recommended field ${field}`,
          });
        }
      });
    }
  }
  return errors;
}

/**
 * R: `check_eventids(event)`: eventID and parentEventID present, eventIDs unique, every
 * parentEventID an eventID.
 */
export function checkEventIds(event: ObisTable, columns: readonly string[]): ObisIssue[] {
  const fields = missingFields(columns, ['eventID', 'parentEventID']);
  if (fields.length > 0) {
    return fields.map((field) => ({ field, level: 'error', message: `Field ${field} is missing` }));
  }
  const errors: ObisIssue[] = [];
  const eventIds = event.map((row) => row.eventID).filter((id): id is string => !missingValue(id));
  const parentEventIds = event
    .map((row) => row.parentEventID)
    .filter((id): id is string => !missingValue(id));
  // R: rows <- which(duplicated(eventIDs)); the message then indexes event$eventID by those
  // positions (of the non-empty ids), as R does.
  const seen = new Set<string>();
  eventIds.forEach((id, index) => {
    if (seen.has(id)) {
      errors.push({
        field: 'eventID',
        level: 'error',
        row: index + 1,
        message: `eventID ${event[index]?.eventID ?? 'NA'} is duplicated`,
      });
    }
    seen.add(id);
  });
  const known = new Set(eventIds);
  const missingIds = new Set(parentEventIds.filter((id) => !known.has(id)));
  event.forEach((row, index) => {
    if (row.parentEventID !== undefined && missingIds.has(row.parentEventID)) {
      errors.push({
        field: 'parentEventID',
        level: 'error',
        row: index + 1,
        message: `parentEventID ${row.parentEventID} has no corresponding eventID`,
      });
    }
  });
  return errors;
}

/**
 * R: `check_extension_eventids(event, extension, field = "eventID")`: every row of an extension
 * names an event of the core (an empty id is no event: R's `%in%` finds no "" or NA among them
 * unless the core has one).
 */
export function checkExtensionEventIds(
  event: ObisTable,
  extension: ObisTable,
  field = 'eventID',
): ObisIssue[] {
  const ids = new Set(event.map((row) => row.eventID));
  const errors: ObisIssue[] = [];
  extension.forEach((row, index) => {
    if (!ids.has(row[field])) {
      errors.push({
        field,
        level: 'error',
        row: index + 1,
        message: `${field} ${row[field] ?? 'NA'} has no corresponding eventID in the core`,
      });
    }
  });
  return errors;
}

/** R's pattern in `check_date` (the R string's doubled backslashes undone). */
const DATE_PATTERN =
  /^\d{4}(-\d{2}(-\d{2}([T|\s]\d{2}(:\d{2}(:\d{2})?)?(Z|([+-]\d{2}:?(\d{2})?))?)?)?)?$/;

/** R: `check_date(date)`: one date or an interval start/end (end may be shortened). */
export function checkDate(date: string | undefined): boolean {
  if (date === undefined || date === '') return false;
  // R: str_split(date, "/")[[1]]
  const parts = date.split('/');
  if (parts.length === 1) return DATE_PATTERN.test(parts[0]!);
  if (parts.length === 2) {
    const [start, end] = parts as [string, string];
    if (DATE_PATTERN.test(start) && DATE_PATTERN.test(end)) return true;
    if (DATE_PATTERN.test(start) && end.length < start.length) {
      const newEnd = start.slice(0, start.length - end.length) + end;
      return DATE_PATTERN.test(newEnd);
    }
  }
  return false;
}

/** R: `check_eventdate(data)`. */
export function checkEventDate(data: ObisTable, columns: readonly string[]): ObisIssue[] {
  if (!columns.includes('eventDate')) {
    return [{ level: 'error', message: 'Column eventDate missing' }];
  }
  const errors: ObisIssue[] = [];
  data.forEach((row, index) => {
    if (!checkDate(row.eventDate)) {
      errors.push({
        level: 'error',
        row: index + 1,
        field: 'eventDate',
        message: `eventDate ${row.eventDate ?? 'NA'} does not seem to be a valid date`,
      });
    }
  });
  return errors;
}

/** A tab-separated Darwin Core data file (one header line, unquoted) as R's read.delim reads it. */
export function readDwcaTable(text: string): { columns: string[]; rows: ObisTable } {
  const lines = text.replace(/\n$/, '').split('\n');
  const columns = lines[0]!.split('\t');
  const rows = lines.slice(1).map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(columns.map((name, i) => [name, cells[i] ?? '']));
  });
  return { columns, rows };
}
