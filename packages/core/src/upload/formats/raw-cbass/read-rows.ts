import type { CsvRecord } from '../../../tabular/csv-table';
import { PlanBuilder } from '../../plan-builder';
import { VALUE_RULES, type RowReader } from '../../row-reader';
import { RAW_CBASS_COLUMNS } from '../../../tabular/raw-cbass/columns';
import { numericLabelColumns } from '../../../tabular/raw-cbass/read-table';

/** The columns read as labels (the grouping values and the colony's genotype). */
const LABELS: ReadonlySet<string> = new Set([
  'site',
  'condition',
  'species',
  'genotype',
  'timepoint',
]);

interface RawRow {
  record: CsvRecord;
  project: string;
  date: string;
  countryAsWritten: string;
  country: string;
  latitude: number;
  longitude: number;
  site: string;
  condition: string;
  species: string;
  genotype: string;
  temperature: number;
  timepoint: string;
  pamValue: number | null;
  mmm: number | null;
}

/**
 * The raw CBASS long format (one row per nubbin). Names follow the original platform (seed
 * project 61): colony "{Site}_{Species}_{Genotype}" with spaces as underscores, experiment = the
 * site on its date, biosample "{YYYYMMDD}_{Country}_{Site}_{Species}_{Genotype}_{Temperature}_
 * {Timepoint}" — with the condition inserted after the genotype when two conditions were assayed
 * on the same day (otherwise their nubbins would share a name). The ED values come from the ED
 * results file (ed-results.ts). Labels are read as the ED calculator reads them (the shared raw
 * CBASS reader, tabular/raw-cbass/read-table.ts), so names and ED rows agree with the
 * calculator's output.
 */
export function readRawRows(
  records: readonly CsvRecord[],
  reader: RowReader,
  today: Date,
): { builder: PlanBuilder; missingPam: number[] } {
  const labelColumns = RAW_CBASS_COLUMNS.filter((column) => LABELS.has(column.id)).flatMap(
    (column) => {
      const position = reader.recognition.index.get(column.id);
      return position === undefined ? [] : [[column.id, position] as const];
    },
  );
  const numericLabels = numericLabelColumns(records, labelColumns);
  const label = (id: string, text: string) => numericLabels.get(id)?.normalise(text) ?? text;
  const rows = records
    .map((record) => readRow(record, reader, today, label))
    .filter((row) => row !== null);
  const baseName = (row: RawRow) =>
    [
      row.date.replaceAll('-', ''),
      row.countryAsWritten,
      row.site,
      row.species.replace(/\s+/g, '_'),
      row.genotype,
      String(row.temperature),
      row.timepoint,
    ].join('_');
  const conditionsOfName = new Map<string, Set<string>>();
  for (const row of rows) {
    const name = JSON.stringify([row.project, baseName(row)]);
    conditionsOfName.set(name, (conditionsOfName.get(name) ?? new Set()).add(row.condition));
  }

  const builder = new PlanBuilder(reader);
  const missingPam: number[] = [];
  const colonyFields = {
    latitude: 'latitude',
    longitude: 'longitude',
    country: 'country',
    mmm: reader.hasColumn('mmm') ? 'mmm' : null,
  };
  for (const row of rows) {
    const { record } = row;
    if (row.pamValue === null) missingPam.push(record.row);
    const projectKey = builder.project(row.project);
    const experimentKey = builder.experiment(projectKey, row.site, row.date);
    const speciesName = row.species.replace(/\s+/g, '_');
    const colonyKey = builder.colony(
      record,
      {
        identity: [row.site, row.species, row.genotype],
        name: `${row.site}_${speciesName}_${row.genotype}`,
        species: row.species,
        country: row.country,
        latitude: row.latitude,
        longitude: row.longitude,
        mmm: row.mmm,
        site: row.site,
        genotype: row.genotype,
      },
      colonyFields,
    );
    if (colonyKey === null) continue;
    let name = baseName(row);
    if (conditionsOfName.get(JSON.stringify([row.project, name]))!.size > 1) {
      name = [
        row.date.replaceAll('-', ''),
        row.countryAsWritten,
        row.site,
        speciesName,
        row.genotype,
        row.condition.replace(/\s+/g, '_'),
        String(row.temperature),
        row.timepoint,
      ].join('_');
    }
    const biosampleKey = builder.biosample(record, 'genotype', {
      projectKey,
      colonyKey,
      name,
      collectionDate: row.date,
    });
    if (biosampleKey === null) continue;
    builder.observation(
      record,
      {
        experimentKey,
        biosampleKey,
        colonyKey,
        condition: row.condition,
        temperature: row.temperature,
        timepoint: row.timepoint,
        pamValue: row.pamValue,
        site: row.site,
      },
      'genotype',
    );
  }
  return { builder, missingPam };
}

function readRow(
  record: CsvRecord,
  reader: RowReader,
  today: Date,
  label: (id: string, text: string) => string,
): RawRow | null {
  const before = reader.problems.errorCount;
  const project = reader.required(record, 'project', 'Enter the project name.');
  const date = reader.date(record, 'date', false, today);
  const country = reader.country(record, 'country');
  const latitude = reader.number(record, 'latitude', VALUE_RULES.latitude, false);
  const longitude = reader.number(record, 'longitude', VALUE_RULES.longitude, false);
  const site = reader.required(record, 'site', 'Enter the site name.');
  const condition = reader.required(
    record,
    'condition',
    'Enter the condition (for example Wild or Nursery).',
  );
  const species = reader.required(
    record,
    'species',
    'Enter the species (for example Acropora hemprichii).',
  );
  const genotype = reader.required(
    record,
    'genotype',
    'Enter the genotype (colony number within the site and species).',
  );
  const temperature = reader.number(record, 'temperature', VALUE_RULES.temperature, false);
  const timepoint = reader.required(record, 'timepoint', 'Enter the timepoint (for example 420).');
  const pamValue = reader.number(record, 'pamValue', VALUE_RULES.pamValue, true);
  const mmm = reader.hasColumn('mmm') ? reader.number(record, 'mmm', VALUE_RULES.mmm, true) : null;
  if (reader.problems.errorCount > before) return null;
  return {
    record,
    project: project!,
    date: date!,
    countryAsWritten: reader.raw(record, 'country').trim(),
    country: country!,
    latitude: latitude!,
    longitude: longitude!,
    site: label('site', site!),
    condition: label('condition', condition!),
    species: label('species', species!),
    genotype: label('genotype', genotype!),
    temperature: temperature!,
    timepoint: label('timepoint', timepoint!),
    pamValue,
    mmm,
  };
}
