import type { CsvRecord } from '../tabular/csv-table';
import type { RowReader } from './row-reader';
import {
  curveKeyOf,
  planKey,
  type PlanBiosample,
  type PlanColony,
  type PlanCurve,
  type PlanExperiment,
  type PlanObservation,
  type PlanProject,
  type PlanPublication,
} from './upload-plan';

export interface ColonyInput {
  /** Identity within the file: name + species (standard) or site + species + genotype (raw). */
  identity: readonly string[];
  name: string;
  species: string;
  country: string;
  latitude: number;
  longitude: number;
  mmm: number | null;
  site: string | null;
  genotype: string | null;
}

/** Which field ids carry a colony's location and MMM (for pointing at the right cells). */
export interface ColonyFields {
  latitude: string;
  longitude: string;
  country: string;
  mmm: string | null;
}

/**
 * Accumulates the records of a main file, one row at a time, and checks that rows agree with
 * each other: a colony has one location (and one MMM), a biosample belongs to one colony, no
 * measurement is entered twice, and a colony × condition × timepoint has one ED value.
 */
export class PlanBuilder {
  readonly projects = new Map<string, PlanProject>();
  readonly publications = new Map<string, PlanPublication>();
  readonly experiments = new Map<string, PlanExperiment>();
  readonly colonies = new Map<string, PlanColony>();
  readonly biosamples = new Map<string, PlanBiosample>();
  readonly observations: PlanObservation[] = [];
  readonly curves = new Map<string, PlanCurve>();
  private readonly observationIdentity = new Map<string, number>();
  private readonly memberships = new Set<string>();

  constructor(private readonly reader: RowReader) {}

  project(name: string): string {
    const key = planKey('project', name);
    if (!this.projects.has(key)) this.projects.set(key, { key, name });
    return key;
  }

  publication(projectKey: string, title: string, year: number | null, doi: string | null): void {
    const key = planKey('publication', title, year, doi);
    const publication = this.publications.get(key) ?? { key, title, year, doi, projectKeys: [] };
    if (!publication.projectKeys.includes(projectKey)) publication.projectKeys.push(projectKey);
    this.publications.set(key, publication);
  }

  experiment(projectKey: string, name: string, date: string | null): string {
    const key = planKey('experiment', projectKey, name, date);
    if (!this.experiments.has(key)) this.experiments.set(key, { key, projectKey, name, date });
    return key;
  }

  colony(record: CsvRecord, input: ColonyInput, fields: ColonyFields): string | null {
    const key = planKey('colony', ...input.identity);
    const known = this.colonies.get(key);
    if (!known) {
      this.colonies.set(key, {
        key,
        name: input.name,
        species: input.species,
        country: input.country,
        latitude: input.latitude,
        longitude: input.longitude,
        mmm: input.mmm,
        site: input.site,
        genotype: input.genotype,
        row: record.row,
      });
      return key;
    }
    const label = `${known.name} (${known.species})`;
    if (known.latitude !== input.latitude || known.longitude !== input.longitude) {
      const field = known.latitude !== input.latitude ? fields.latitude : fields.longitude;
      return this.reader.fail(
        record,
        field,
        `Colony ${label} is at ${input.latitude}, ${input.longitude} here but at ${known.latitude}, ${known.longitude} in row ${known.row}.`,
        'A colony has one location: correct the coordinates, or give the two colonies different names.',
        'colony-location',
      );
    }
    if (known.country !== input.country) {
      return this.reader.fail(
        record,
        fields.country,
        `Colony ${label} is in ${input.country} here but in ${known.country} in row ${known.row}.`,
        'A colony has one country: correct the country code.',
        'colony-country',
      );
    }
    if (fields.mmm !== null && input.mmm !== null) {
      if (known.mmm === null) known.mmm = input.mmm;
      else if (known.mmm !== input.mmm) {
        return this.reader.fail(
          record,
          fields.mmm,
          `Colony ${label} has MMM ${input.mmm} here but ${known.mmm} in an earlier row.`,
          'The MMM is a property of the colony’s location: give it one value.',
          'colony-mmm',
        );
      }
    }
    return key;
  }

  biosample(
    record: CsvRecord,
    nameField: string,
    input: { projectKey: string; colonyKey: string; name: string; collectionDate: string | null },
  ): string | null {
    const key = planKey('biosample', input.projectKey, input.name);
    const known = this.biosamples.get(key);
    if (!known) {
      this.biosamples.set(key, { key, ...input, placeholder: false, row: record.row });
      this.memberships.add(planKey(input.projectKey, input.colonyKey));
      return key;
    }
    if (known.colonyKey !== input.colonyKey) {
      const colony = this.colonies.get(known.colonyKey);
      return this.reader.fail(
        record,
        nameField,
        `Biosample ${input.name} already belongs to colony ${colony?.name ?? '?'} (row ${known.row}).`,
        'Each biosample (nubbin) comes from one colony: give this one its own name.',
        'biosample-colony',
      );
    }
    return key;
  }

  observation(
    record: CsvRecord,
    input: Omit<PlanObservation, 'key' | 'row' | 'curveKey'>,
    duplicateField: string,
  ) {
    const identity = planKey(
      input.experimentKey,
      input.biosampleKey,
      input.condition,
      input.temperature,
      input.timepoint,
    );
    const first = this.observationIdentity.get(identity);
    if (first !== undefined) {
      return this.reader.fail(
        record,
        duplicateField,
        `This row repeats the measurement of row ${first} (same biosample, experiment, condition, temperature and timepoint).`,
        'Delete one of the two rows, or correct the one that was entered wrongly.',
        'duplicate-row',
      );
    }
    this.observationIdentity.set(identity, record.row);
    const key = planKey('observation', record.row);
    const curveKey = curveKeyOf(input.colonyKey, input.condition, input.timepoint);
    this.observations.push({ key, row: record.row, curveKey, ...input });
    return key;
  }

  /**
   * A colony with ED values but no measurement in a project still belongs to it: a placeholder
   * biosample (named after the colony, no date, no observations) records the membership.
   */
  membership(projectKey: string, colonyKey: string, row: number): void {
    const membership = planKey(projectKey, colonyKey);
    if (this.memberships.has(membership)) return;
    this.memberships.add(membership);
    const colony = this.colonies.get(colonyKey)!;
    let name = colony.name;
    for (let n = 2; this.biosamples.has(planKey('biosample', projectKey, name)); n++) {
      name = `${colony.name} (${n})`;
    }
    const key = planKey('biosample', projectKey, name);
    this.biosamples.set(key, {
      key,
      projectKey,
      colonyKey,
      name,
      collectionDate: null,
      placeholder: true,
      row,
    });
  }

  /** Drops placeholders of colonies that turned out to have measured biosamples too. */
  placeholdersNeeded(): void {
    const measured = new Set(
      [...this.biosamples.values()]
        .filter((b) => !b.placeholder)
        .map((b) => planKey(b.projectKey, b.colonyKey)),
    );
    for (const [key, biosample] of this.biosamples) {
      if (
        biosample.placeholder &&
        measured.has(planKey(biosample.projectKey, biosample.colonyKey))
      ) {
        this.biosamples.delete(key);
      }
    }
  }
}
