import {
  creditedOrganisation,
  personName,
  revisionNote,
  withdrawalNote,
  type CitationFacts,
} from '../citation/citation-facts';
import { datasetPath, projectPath, snapshotPath } from '../client-routes';
import { orcidUrl } from '../datasets/identifiers';
import { filterSetToQueryString } from '../filters/filter-query';
import type { DownloadContext, DownloadDataset } from './download-model';
import { downloadTitle } from './download-query';

/**
 * How a download is cited: CITATION.cff and the citation text of the download itself (the
 * README of a zip, download-readme.ts, quotes them). A snapshot is cited by its own citation first; every
 * dataset version whose data it holds is listed next to it, since each version's creators are
 * owed their own citation.
 */

/** Where the download's selection can be seen again on the platform. */
export function selectionPageUrl(context: DownloadContext): string {
  const { source } = context.query;
  const base = context.publicUrl;
  switch (source.kind) {
    case 'snapshot':
      return `${base}${snapshotPath(source.snapshotId)}`;
    case 'dataset-version':
      return `${base}${datasetPath(source.datasetId, source.version)}`;
    case 'project':
      return `${base}${projectPath(source.projectId)}`;
    case 'map':
    case 'cart-group': {
      const query = filterSetToQueryString(source.filters);
      return `${base}/map${query === '' ? '' : `?${query}`}`;
    }
  }
}

/**
 * The citation of the download as a whole: a snapshot's own citation; a download holding one
 * dataset version, that version's citation; otherwise the platform as publisher of the
 * selection (each version is cited besides, see README.txt and CITATION.cff).
 */
export function downloadCitationText(context: DownloadContext): string {
  if (context.snapshot !== null) return context.snapshot.citation;
  if (context.datasets.length === 1) return context.datasets[0]!.citation;
  const year = context.createdAt.slice(0, 4);
  return `${context.platform}. (${year}). ${downloadTitle(context)} (data version ${context.dataVersion}) [Data set]. Retrieved ${context.createdAt.slice(0, 10)}, from ${selectionPageUrl(context)}`;
}

// ---- CITATION.cff (Citation File Format 1.2.0) -------------------------------------------------

/** A YAML scalar: a JSON string is a valid YAML double-quoted scalar. */
const yaml = (text: string) => JSON.stringify(text);

function cffAuthors(facts: CitationFacts, indent: string): string[] {
  if (facts.creators.length === 0) {
    return [`${indent}- name: ${yaml(creditedOrganisation(facts))}`];
  }
  return facts.creators.flatMap((creator) => {
    const { family, given } = personName(creator.name);
    const lines =
      given === ''
        ? [`${indent}- name: ${yaml(family)}`]
        : [`${indent}- family-names: ${yaml(family)}`, `${indent}  given-names: ${yaml(given)}`];
    if (creator.orcid !== null) lines.push(`${indent}  orcid: ${yaml(orcidUrl(creator.orcid))}`);
    if (creator.affiliation) lines.push(`${indent}  affiliation: ${yaml(creator.affiliation)}`);
    return lines;
  });
}

/**
 * The fields describing one dataset version (top level, or an item of `references`). CFF 1.2.0
 * names the kinds differently in the two places: the cited work is a `dataset`, a reference is
 * `data`; and only a reference may name its `publisher` (the schema in fixtures/schemas/cff/).
 */
function cffDatasetFields(
  { facts }: Pick<DownloadDataset, 'facts'>,
  indent: string,
  first: string,
  place: 'top' | 'reference',
): string[] {
  const lines = [
    `${first}type: ${place === 'top' ? 'dataset' : 'data'}`,
    `${indent}title: ${yaml(facts.title.trim() || 'Untitled dataset')}`,
    `${indent}authors:`,
    ...cffAuthors(facts, `${indent}  `),
    `${indent}version: ${yaml(String(facts.version))}`,
    `${indent}date-released: ${yaml(facts.publishedAt.slice(0, 10))}`,
  ];
  if (facts.doi !== null) lines.push(`${indent}doi: ${yaml(facts.doi)}`);
  lines.push(`${indent}url: ${yaml(facts.url)}`);
  if (facts.licence !== null) lines.push(`${indent}license: ${yaml(facts.licence)}`);
  if (place === 'reference') {
    lines.push(`${indent}publisher:`, `${indent}  name: ${yaml(facts.publisher)}`);
    // A revised description (decision 0064): a reference has no message, but has notes.
    const revised = revisionNote(facts);
    if (revised !== null) lines.push(`${indent}notes: ${yaml(`${revised}.`)}`);
  }
  return lines;
}

/**
 * The `message` of a version cited on its own: a withdrawn dataset still cites (decision 0056),
 * and CFF has no status field, so it says that the version was withdrawn, when and why. A
 * description revised by a curator (decision 0064) keeps `version` (the dataset version, as the
 * data's files and DOI say) and `date-released` (when the data were released: they did not
 * change); the message names the revision cited, which CFF has no field for.
 */
function versionCffMessage(facts: CitationFacts): string {
  const withdrawn = withdrawalNote(facts);
  const revised = revisionNote(facts);
  return [
    ...(revised === null ? [] : [`${revised}.`]),
    withdrawn === null
      ? 'If you use these data, please cite them as below.'
      : `${withdrawn}: if you used these data, please cite them as below.`,
  ].join(' ');
}

/**
 * CITATION.cff of one dataset version on its own (CFF 1.2.0, type dataset), beside its BibTeX,
 * RIS and CSL-JSON; its message as `versionCffMessage` says.
 */
export function versionCitationCff(facts: CitationFacts): string {
  const message = versionCffMessage(facts);
  return [
    'cff-version: 1.2.0',
    `message: ${yaml(message)}`,
    ...cffDatasetFields({ facts }, '', '', 'top'),
    '',
  ].join('\n');
}

/**
 * CITATION.cff (CFF 1.2.0, type dataset). A download of one dataset version (and nothing else) is
 * cited as that version. A snapshot is cited first as itself; any other selection as the
 * platform's selection; then every dataset version is listed under `references`. A licence is
 * stated only when one was: versions without one are listed without `license`.
 */
export function citationCff(context: DownloadContext): string {
  const only =
    context.datasets.length === 1 && context.snapshot === null ? context.datasets[0]! : null;
  // One version cited as itself names the description revision it cites (decision 0064).
  const revised = only === null ? null : revisionNote(only.facts);
  const header = [
    'cff-version: 1.2.0',
    `message: ${yaml(`${revised === null ? '' : `${revised}. `}If you use these data, please cite them as below, and cite every dataset version listed under references.`)}`,
  ];
  if (only !== null) {
    return [...header, ...cffDatasetFields(only, '', '', 'top'), ''].join('\n');
  }
  const stated = context.datasets.map((d) => d.facts.licence);
  // A licence is claimed for the whole only when every version states one: data without a
  // stated licence must not appear to come under the others' licence.
  const licences = stated.includes(null)
    ? []
    : [...new Set(stated.filter((licence) => licence !== null))];
  const snapshotNote =
    context.snapshot !== null && context.query.source.kind !== 'snapshot'
      ? ` (snapshot ${context.snapshot.id})`
      : '';
  const title = `${downloadTitle(context)}${snapshotNote}`;
  const top = [
    'type: dataset',
    `title: ${yaml(title)}`,
    'authors:',
    `  - name: ${yaml(context.platform)}`,
    `version: ${yaml(context.snapshot === null ? `data version ${context.dataVersion}` : context.snapshot.id)}`,
    `date-released: ${yaml(context.createdAt.slice(0, 10))}`,
    `url: ${yaml(selectionPageUrl(context))}`,
  ];
  // CFF takes one SPDX id or a list (parts of the data come under each).
  if (licences.length === 1) top.push(`license: ${yaml(licences[0]!)}`);
  if (licences.length > 1) top.push('license:', ...licences.map((l) => `  - ${yaml(l)}`));
  if (context.snapshot !== null) {
    top.push(
      `abstract: ${yaml(`Citable snapshot ${context.snapshot.id} (content hash ${context.snapshot.contentHash}). ${context.snapshot.citation}`)}`,
    );
  }
  const references =
    context.datasets.length === 0
      ? []
      : [
          'references:',
          ...context.datasets.flatMap((dataset) =>
            cffDatasetFields(dataset, '    ', '  - ', 'reference'),
          ),
        ];
  return [...header, ...top, ...references, ''].join('\n');
}
