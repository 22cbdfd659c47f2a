import {
  perThresholdKind,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
} from '../../../thresholds/threshold-kinds';
import { bareDoi } from '../../../datasets/identifiers';
import type { CsvRecord } from '../../../tabular/csv-table';
import { PlanBuilder } from '../../plan-builder';
import { VALUE_RULES, type RowReader } from '../../row-reader';
import { curveKeyOf, type PlanCurve, type ValuesByKind } from '../../upload-plan';
import { REQUIRED_KIND, STANDARD_THRESHOLD_COLUMNS } from './columns';

/** The field id of each kind's inline column ("colonyEd50"). */
const FIELD = perThresholdKind((kind) => STANDARD_THRESHOLD_COLUMNS[kind].id);

/**
 * The standard schema (product-spec §3: Project.name … Publication.doi), one row per observation,
 * ED50 inline per colony. A row whose biosample, temperature and PAM cells are all empty carries
 * only an ED value (the Red Sea gradient sheet): it adds the threshold and the colony's membership
 * in the project, but no observation.
 */
export function readStandardRows(
  records: readonly CsvRecord[],
  reader: RowReader,
  today: Date,
): { builder: PlanBuilder; missingPam: number[] } {
  const builder = new PlanBuilder(reader);
  const missingPam: number[] = [];
  const colonyFields = {
    latitude: 'colonyLatitude',
    longitude: 'colonyLongitude',
    country: 'colonyCountry',
    mmm: reader.recognition.index.has('mmm') ? 'mmm' : null,
  };

  for (const record of records) {
    const problemsBefore = reader.problems.errorCount;
    const projectName = reader.required(record, 'projectName', 'Enter the project name.');
    const experimentName = reader.required(
      record,
      'experimentName',
      'Enter the experiment name (for example the site).',
    );
    const experimentDate = reader.date(record, 'experimentDate', true, today);
    const colonyName = reader.required(record, 'colonyName', 'Enter the colony name.');
    const species = reader.required(
      record,
      'colonySpecies',
      'Enter the species (for example Stylophora pistillata).',
    );
    const country = reader.country(record, 'colonyCountry');
    const latitude = reader.number(record, 'colonyLatitude', VALUE_RULES.latitude, false);
    const longitude = reader.number(record, 'colonyLongitude', VALUE_RULES.longitude, false);
    const mmm = colonyFields.mmm ? reader.number(record, 'mmm', VALUE_RULES.mmm, true) : null;
    const condition = reader.text(record, 'condition');
    const timepoint = reader.text(record, 'timepoint');
    const ed = perThresholdKind((kind) =>
      reader.hasColumn(FIELD[kind])
        ? reader.number(record, FIELD[kind], VALUE_RULES.ed, true)
        : null,
    );
    const measured = ['biosampleName', 'temperature', 'pamValue'].some((id) =>
      reader.has(record, id),
    );
    let biosampleName: string | null = null;
    let temperature: number | null = null;
    let pamValue: number | null = null;
    let collectionDate: string | null = null;
    if (measured) {
      biosampleName = reader.required(
        record,
        'biosampleName',
        'Name the biosample (nubbin) this measurement comes from.',
      );
      temperature = reader.number(record, 'temperature', VALUE_RULES.temperature, false);
      pamValue = reader.number(record, 'pamValue', VALUE_RULES.pamValue, true);
      collectionDate = reader.date(record, 'biosampleCollectionDate', true, today);
      if (pamValue === null && !reader.has(record, 'pamValue')) missingPam.push(record.row);
    } else if (ed[REQUIRED_KIND] === null && !reader.has(record, FIELD[REQUIRED_KIND])) {
      reader.fail(
        record,
        FIELD[REQUIRED_KIND],
        'This row has no measurement (biosample, temperature and PAM are empty) and no ED50.',
        'Fill in the measurement, or the colony’s ED50, or delete the row.',
        'empty-row',
      );
    }
    const publication = readPublication(record, reader, today);
    if (reader.problems.errorCount > problemsBefore) continue;

    const projectKey = builder.project(projectName!);
    if (publication) {
      builder.publication(projectKey, publication.title, publication.year, publication.doi);
    }
    const experimentKey = builder.experiment(projectKey, experimentName!, experimentDate);
    const colonyKey = builder.colony(
      record,
      {
        identity: [colonyName!, species!],
        name: colonyName!,
        species: species!,
        country: country!,
        latitude: latitude!,
        longitude: longitude!,
        mmm,
        site: experimentName,
        genotype: null,
      },
      colonyFields,
    );
    if (colonyKey === null) continue;

    if (measured) {
      const biosampleKey = builder.biosample(record, 'biosampleName', {
        projectKey,
        colonyKey,
        name: biosampleName!,
        collectionDate,
      });
      if (biosampleKey === null) continue;
      builder.observation(
        record,
        {
          experimentKey,
          biosampleKey,
          colonyKey,
          condition,
          temperature: temperature!,
          timepoint,
          pamValue,
          site: experimentName!,
        },
        'biosampleName',
      );
    } else {
      builder.membership(projectKey, colonyKey, record.row);
    }
    inlineCurve(builder, reader, record, colonyKey, condition, timepoint, ed);
  }
  builder.placeholdersNeeded();
  return { builder, missingPam };
}

/** The colony's ED values for one condition × timepoint: every row must agree. */
function inlineCurve(
  builder: PlanBuilder,
  reader: RowReader,
  record: CsvRecord,
  colonyKey: string,
  condition: string | null,
  timepoint: string | null,
  ed: ValuesByKind,
) {
  if (THRESHOLD_KINDS.every((kind) => ed[kind] === null)) return;
  const key = curveKeyOf(colonyKey, condition, timepoint);
  const known = builder.curves.get(key);
  if (!known) {
    const curve: PlanCurve = {
      key,
      colonyKey,
      condition,
      timepoint,
      ...ed,
      source: { file: 'main', row: record.row },
      observationKeys: [],
    };
    builder.curves.set(key, curve);
    return;
  }
  for (const kind of THRESHOLD_KINDS) {
    const value = ed[kind];
    const { edLabel } = THRESHOLD_KIND_INFO[kind];
    if (value === null) continue;
    if (known[kind] === null) known[kind] = value;
    else if (known[kind] !== value) {
      const colony = builder.colonies.get(colonyKey)!;
      reader.fail(
        record,
        FIELD[kind],
        `Colony ${colony.name} has ${edLabel} ${value} here but ${known[kind]} in row ${known.source.row} (same condition and timepoint).`,
        `A colony has one ${edLabel} per condition and timepoint: use the same value on all its rows.`,
        `ed-conflict-${kind}`,
      );
    }
  }
}

function readPublication(record: CsvRecord, reader: RowReader, today: Date) {
  const title = reader.text(record, 'publicationTitle');
  const doi = reader.text(record, 'publicationDoi');
  if (title === null) {
    if (doi !== null) {
      reader.fail(
        record,
        'publicationTitle',
        'The row has a DOI but no publication title.',
        'Enter the publication title, or leave the DOI empty (write NA).',
        'doi-without-title',
      );
    }
    return null;
  }
  let year: number | null = null;
  if (reader.has(record, 'publicationYear')) {
    const text = reader.raw(record, 'publicationYear').trim();
    const value = Number(text);
    const latest = today.getUTCFullYear() + 1;
    if (!/^\d{4}$/.test(text) || value < 1900 || value > latest) {
      reader.fail(
        record,
        'publicationYear',
        `"${text}" is not a publication year between 1900 and ${latest}.`,
        'Enter the year as four digits (for example 2022).',
        'publication-year',
      );
    } else {
      year = value;
    }
  }
  return { title, year, doi: doi === null ? null : bareDoi(doi) };
}
