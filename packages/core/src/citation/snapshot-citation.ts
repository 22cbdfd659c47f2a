import { licencesMostRestrictiveFirst } from '../datasets/licences';
import type { CitationFacts } from './citation-facts';
import {
  dataCiteCreators,
  dataCiteMetadata,
  dataCiteRights,
  type DataCiteMetadata,
} from './datacite';

/**
 * A citable snapshot's own citation (decision 0015, docs/downloads.md): one reference for exactly the
 * data a study used, naming the platform as publisher and pointing at the snapshot's page, whose
 * DataCite metadata lists every dataset version it is derived from (cite those too: their
 * creators' credit is theirs).
 */
export interface SnapshotFacts {
  id: string;
  /** ISO date-time of the freeze. */
  createdAt: string;
  /** The snapshot's page. */
  url: string;
  publisher: string;
  description: string;
  colonyCount: number;
  datasets: readonly CitationFacts[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function snapshotTitle(facts: SnapshotFacts): string {
  return (
    `Snapshot ${facts.id}: ${plural(facts.colonyCount, 'colony', 'colonies')} from ` +
    `${plural(facts.datasets.length, 'dataset version', 'dataset versions')}`
  );
}

/** "Coral Thermal Tolerance (2026). Snapshot k3…: 12 colonies from 2 dataset versions [Data set]. URL" */
export function snapshotCitation(facts: SnapshotFacts): string {
  const year = new Date(facts.createdAt).getUTCFullYear();
  return `${facts.publisher} (${year}). ${snapshotTitle(facts)} [Data set]. ${facts.url}`;
}

/**
 * DataCite 4.6 metadata of a snapshot: derived from each dataset version, whose creators are its
 * creators (each once; the source or the platform for a version without recorded creators:
 * decision 0050), under all their licences, most restrictive first (a licence never stated is
 * said so: decision 0057).
 */
export function snapshotDataCite(facts: SnapshotFacts): DataCiteMetadata {
  const base = dataCiteMetadata({
    datasetId: 0,
    version: 1,
    title: snapshotTitle(facts),
    description: facts.description,
    creators: [],
    publishedAt: facts.createdAt,
    publisher: facts.publisher,
    url: facts.url,
    doi: null,
    licence: null,
    keywords: [],
    relatedDois: [],
    projectName: '',
    importedFrom: null,
  });
  const creators = facts.datasets.flatMap(dataCiteCreators);
  const seen = new Set<string>();
  return {
    ...base,
    creators:
      creators.length === 0
        ? base.creators
        : creators.filter((c) => {
            const key = JSON.stringify(c);
            if (seen.has(key)) return false;
            seen.add(key);
            return true;
          }),
    rightsList:
      facts.datasets.length === 0
        ? base.rightsList
        : licencesMostRestrictiveFirst(facts.datasets.map((d) => d.licence)).map(dataCiteRights),
    relatedIdentifiers: facts.datasets.map((dataset) =>
      dataset.doi === null
        ? {
            relatedIdentifier: dataset.url,
            relatedIdentifierType: 'URL' as const,
            relationType: 'IsDerivedFrom' as const,
          }
        : {
            relatedIdentifier: dataset.doi,
            relatedIdentifierType: 'DOI' as const,
            relationType: 'IsDerivedFrom' as const,
          },
    ),
  };
}
