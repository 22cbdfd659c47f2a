import { personName, revisionNote, type CitationCreator } from '../../citation/citation-facts';
import { LICENCES } from '../../datasets/licences';
import { PAM_INSTRUMENTS } from '../../datasets/protocol';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS_BY_LEVEL } from '../../thresholds/threshold-kinds';
import { licenceGroups, licencePlain } from '../download-datasets';
import type { DownloadContext } from '../download-model';
import { downloadTitle } from '../download-query';
import { downloadCitationText, selectionPageUrl } from '../download-citation';
import { samplingProtocol } from './dwca-ids';
import type { EmlCoverage } from './eml-coverage';
import { xmlEscape } from './xml-text';

/** ISO 639-2, as the IPT writes EML languages. */
const LANGUAGE = 'eng';

const element = (name: string, text: string, attributes = '') =>
  `<${name}${attributes}>${xmlEscape(text)}</${name}>`;

/** The creators of every version, each once (same name and ORCID iD), in order of appearance. */
function distinctCreators(context: DownloadContext): CitationCreator[] {
  const seen = new Set<string>();
  const creators: CitationCreator[] = [];
  for (const dataset of context.datasets) {
    for (const creator of dataset.facts.creators) {
      const key = `${creator.name.trim().toLowerCase()}|${creator.orcid ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      creators.push(creator);
    }
  }
  return creators;
}

function creatorElement(creator: CitationCreator, indent: string, tag = 'creator'): string {
  const { family, given } = personName(creator.name);
  const lines = [`${indent}<${tag}>`, `${indent}  <individualName>`];
  if (given !== '') lines.push(`${indent}    ${element('givenName', given)}`);
  lines.push(`${indent}    ${element('surName', family)}`, `${indent}  </individualName>`);
  if (creator.affiliation) {
    lines.push(`${indent}  ${element('organizationName', creator.affiliation)}`);
  }
  if (creator.orcid !== null) {
    lines.push(`${indent}  ${element('userId', creator.orcid, ' directory="https://orcid.org/"')}`);
  }
  lines.push(`${indent}</${tag}>`);
  return lines.join('\n');
}

/**
 * The sources credited for versions imported without their creators' names (the seed's Coral
 * Future database), each once: a creator organisation, never the account that owned the data
 * (decision 0050).
 */
function sourceCreators(context: DownloadContext, indent: string): string[] {
  const sources = new Map<string, string | null>();
  for (const { facts } of context.datasets) {
    if (facts.creators.length === 0 && facts.importedFrom !== null) {
      sources.set(facts.importedFrom.name, facts.importedFrom.url);
    }
  }
  return [...sources].map(([name, url]) =>
    [
      `${indent}<creator>`,
      `${indent}  ${element('organizationName', name)}`,
      ...(url === null ? [] : [`${indent}  ${element('onlineUrl', url)}`]),
      `${indent}</creator>`,
    ].join('\n'),
  );
}

function platformParty(tag: string, context: DownloadContext, indent: string): string {
  return [
    `${indent}<${tag}>`,
    `${indent}  ${element('organizationName', context.platform)}`,
    `${indent}  ${element('onlineUrl', context.publicUrl)}`,
    `${indent}</${tag}>`,
  ].join('\n');
}

const para = (text: string) => `<para>${xmlEscape(text)}</para>`;

/** Where the GBIF Metadata Profile 1.2 is published: the file names it (decision 0057). */
export const EML_GBIF_PROFILE_SCHEMA = 'http://rs.gbif.org/schema/eml-gbif-profile/1.2/eml.xsd';

/**
 * The licences in one paragraph (the profile allows one, with at most one link): the licence's
 * link when the download has one, else each group in words with its URL.
 */
function rightsParagraph(context: DownloadContext): string {
  const groups = licenceGroups(context.datasets);
  const only = groups.length === 1 ? groups[0]! : null;
  if (only !== null && only.licence !== null) {
    const { name, url } = LICENCES[only.licence];
    return `<para>${xmlEscape('This work is licensed under a ')}<ulink url="${xmlEscape(url)}"><citetitle>${xmlEscape(`${name} (${only.licence})`)}</citetitle></ulink>${xmlEscape(` License. ${licencePlain(only.licence)}`)}</para>`;
  }
  return para(
    groups
      .map((group) => {
        const keys = group.datasets.map((dataset) => dataset.citationKey).join(', ');
        if (group.licence === null) return `Licence not stated (${keys}): ${licencePlain(null)}`;
        const { name, url } = LICENCES[group.licence];
        return `${keys}: ${name} (${group.licence}, ${url}). ${licencePlain(group.licence)}`;
      })
      .join(' '),
  );
}

/** A number as xs:decimal (never exponent notation). */
const decimal = (value: number) => String(Number(value.toFixed(6)));

function coverageLines(coverage: EmlCoverage, indent: string): string[] {
  const i = indent;
  const lines: string[] = [];
  if (coverage.box !== null) {
    const { west, east, north, south } = coverage.box;
    const where = coverage.countries.length === 0 ? '' : ` in ${coverage.countries.join(', ')}`;
    lines.push(
      `${i}  <geographicCoverage>`,
      `${i}    ${element('geographicDescription', `Sites of the ${coverage.colonies === 1 ? 'colony' : `${coverage.colonies} colonies`}${where} (bounding box of their coordinates, WGS84).`)}`,
      `${i}    <boundingCoordinates>`,
      `${i}      ${element('westBoundingCoordinate', decimal(west))}`,
      `${i}      ${element('eastBoundingCoordinate', decimal(east))}`,
      `${i}      ${element('northBoundingCoordinate', decimal(north))}`,
      `${i}      ${element('southBoundingCoordinate', decimal(south))}`,
      `${i}    </boundingCoordinates>`,
      `${i}  </geographicCoverage>`,
    );
  }
  if (coverage.dates !== null) {
    const { begin, end } = coverage.dates;
    lines.push(
      `${i}  <temporalCoverage>`,
      ...(begin === end
        ? [
            `${i}    <singleDateTime>`,
            `${i}      ${element('calendarDate', begin)}`,
            `${i}    </singleDateTime>`,
          ]
        : [
            `${i}    <rangeOfDates>`,
            `${i}      <beginDate>`,
            `${i}        ${element('calendarDate', begin)}`,
            `${i}      </beginDate>`,
            `${i}      <endDate>`,
            `${i}        ${element('calendarDate', end)}`,
            `${i}      </endDate>`,
            `${i}    </rangeOfDates>`,
          ]),
      `${i}  </temporalCoverage>`,
    );
  }
  if (coverage.taxa.length > 0) {
    lines.push(
      `${i}  <taxonomicCoverage>`,
      ...(coverage.families.length === 0
        ? []
        : [
            `${i}    ${element('generalTaxonomicCoverage', `Corals of the ${coverage.families.length === 1 ? 'family' : 'families'} ${coverage.families.join(', ')} (names matched to WoRMS).`)}`,
          ]),
      ...coverage.taxa.flatMap((taxon) => [
        `${i}    <taxonomicClassification>`,
        ...(taxon.rank === null ? [] : [`${i}      ${element('taxonRankName', taxon.rank)}`]),
        `${i}      ${element('taxonRankValue', taxon.name)}`,
        `${i}    </taxonomicClassification>`,
      ]),
      `${i}  </taxonomicCoverage>`,
    );
  }
  return lines.length === 0 ? [] : [`${i}<coverage>`, ...lines, `${i}</coverage>`];
}

/** The assay protocol of each version in words: the methods' steps (the profile wants one). */
function methodLines(context: DownloadContext, coverage: EmlCoverage, indent: string): string[] {
  const i = indent;
  const steps = context.datasets.map((dataset) => {
    const texts = [`${dataset.citationKey}: ${samplingProtocol(dataset)}.`];
    const protocol = dataset.protocol;
    if (protocol !== null) {
      const instrument =
        protocol.pam_instrument === null
          ? null
          : protocol.pam_instrument === 'other'
            ? protocol.pam_instrument_other
            : PAM_INSTRUMENTS[protocol.pam_instrument].label;
      if (instrument) texts.push(`Photosynthetic efficiency (Fv/Fm) measured with ${instrument}.`);
      for (const { timepoint, meaning } of protocol.timepoints) {
        texts.push(`Timepoint ${timepoint}: ${meaning}`);
      }
    }
    return texts;
  });
  // What each threshold is, in the words the whole platform uses (thresholds/threshold-kinds.ts).
  steps.push([
    'Thresholds fitted per colony from its dose-response curve of photosynthetic efficiency against temperature; relative values are given against the maximum monthly mean SST climatology of the site.',
    ...THRESHOLD_KINDS_BY_LEVEL.map(
      (kind) => `${THRESHOLD_KIND_INFO[kind].edLabel}: ${THRESHOLD_KIND_INFO[kind].meaning}.`,
    ),
  ]);
  const extent = [
    `${coverage.colonies === 1 ? 'One colony' : `${coverage.colonies} colonies`}`,
    coverage.countries.length === 0 ? '' : ` in ${coverage.countries.join(', ')}`,
    coverage.dates === null
      ? ''
      : `, assayed from ${coverage.dates.begin} to ${coverage.dates.end}`,
    '.',
  ].join('');
  return [
    `${i}<methods>`,
    ...steps.flatMap((texts) => [
      `${i}  <methodStep>`,
      `${i}    <description>`,
      ...texts.map((text) => `${i}      ${para(text)}`),
      `${i}    </description>`,
      `${i}  </methodStep>`,
    ]),
    `${i}  <sampling>`,
    `${i}    <studyExtent>`,
    `${i}      <description>`,
    `${i}        ${para(extent)}`,
    `${i}      </description>`,
    `${i}    </studyExtent>`,
    `${i}    <samplingDescription>`,
    `${i}      ${para('Fragments of each coral colony were exposed to a range of temperatures in a Coral Bleaching Automated Stress System (CBASS) acute heat-stress assay and their photosynthetic efficiency measured afterwards.')}`,
    `${i}    </samplingDescription>`,
    `${i}  </sampling>`,
    `${i}</methods>`,
  ];
}

/** The first person credited by each version (or its source), then the platform: the contacts. */
function contactLines(context: DownloadContext, indent: string): string[] {
  const firsts = new Map<string, string>();
  for (const { facts } of context.datasets) {
    const first = facts.creators[0];
    if (first !== undefined) {
      const key = `${first.name.trim().toLowerCase()}|${first.orcid ?? ''}`;
      if (!firsts.has(key)) firsts.set(key, creatorElement(first, indent, 'contact'));
    }
  }
  return [...firsts.values(), platformParty('contact', context, indent)];
}

/** The project (the profile allows one): its name, or the names of all, and who ran it. */
function projectLines(
  context: DownloadContext,
  creatorParties: readonly string[],
  indent: string,
): string[] {
  const names = [...new Set(context.datasets.map((d) => d.facts.projectName.trim()))].filter(
    (name) => name !== '',
  );
  if (names.length === 0) return [];
  const title = names.length === 1 ? names[0]! : `${names.length} projects: ${names.join('; ')}`;
  const personnel =
    creatorParties.length === 0
      ? [platformParty('personnel', context, `${indent}  `)]
      : creatorParties;
  return [
    `${indent}<project>`,
    `${indent}  ${element('title', title)}`,
    ...personnel.map((party) =>
      party
        .replace(/<(\/?)creator>/g, '<$1personnel>')
        .replace(/^/gm, '  ')
        .replace(/( *)<\/personnel>$/, `$1  ${element('role', 'originator')}\n$1</personnel>`),
    ),
    `${indent}</project>`,
  ];
}

/**
 * The metadata of a download (or of one dataset version) in EML 2.1.1 under the GBIF Metadata
 * Profile 1.2, which the file names and the tests validate against (decision 0057): title,
 * creators with ORCID iDs, publication date, language, abstract, keywords, the citation of every
 * dataset version, licences (most restrictive first), geographic, temporal and taxonomic
 * coverage, contacts, methods from the assay protocol and the project; in the GBIF section, how
 * to cite the download itself.
 */
export function dwcaEmlXml(context: DownloadContext, coverage: EmlCoverage): string {
  const creatorParties = [
    ...distinctCreators(context).map((creator) => creatorElement(creator, '  ')),
    ...sourceCreators(context, '  '),
  ];
  const pubDate = context.createdAt.slice(0, 10);
  const abstract = [
    `${downloadTitle(context)}. Thermal thresholds (ED5, ED50, ED95 and their values relative to the maximum monthly mean SST climatology) of coral colonies measured in CBASS acute heat-stress assays, exported from ${context.platform} (data version ${context.dataVersion}) on ${pubDate}.`,
    ...context.datasets
      .filter((dataset) => dataset.facts.description.trim() !== '')
      .map(
        (dataset) =>
          `${dataset.facts.title} (${dataset.citationKey}): ${dataset.facts.description.trim()}`,
      ),
  ];
  const keywords = [
    ...new Set([
      'CBASS',
      'coral',
      'thermal tolerance',
      ...context.datasets.flatMap((d) => d.facts.keywords),
    ]),
  ];
  const citations = context.datasets.map(
    (dataset) => `${dataset.citationKey}: ${dataset.citation}`,
  );
  // A description a curator revised (decision 0064): pubDate stays the data's publication; the
  // profile's one additionalInfo paragraph names the revision cited, and the GBIF dateStamp
  // ("the date the metadata document was created or modified") is the latest change.
  const revisions = context.datasets.flatMap((dataset) => {
    const note = revisionNote(dataset.facts);
    return note === null ? [] : [`${dataset.citationKey}: ${note}.`];
  });
  const dateStamp = context.datasets.reduce(
    (latest, { facts }) =>
      facts.revision && Date.parse(facts.revision.at) > Date.parse(latest)
        ? facts.revision.at
        : latest,
    context.createdAt,
  );
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<eml:eml xmlns:eml="eml://ecoinformatics.org/eml-2.1.1"',
    '         xmlns:dc="http://purl.org/dc/terms/"',
    '         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    `         xsi:schemaLocation="eml://ecoinformatics.org/eml-2.1.1 ${EML_GBIF_PROFILE_SCHEMA}"`,
    `         packageId="${xmlEscape(selectionPageUrl(context))}" system="http://gbif.org" scope="system"`,
    `         xml:lang="${LANGUAGE}">`,
    '',
    '<dataset>',
    `  ${element('alternateIdentifier', selectionPageUrl(context))}`,
    `  ${element('title', downloadTitle(context), ` xml:lang="${LANGUAGE}"`)}`,
    ...(creatorParties.length === 0 ? [platformParty('creator', context, '  ')] : creatorParties),
    platformParty('metadataProvider', context, '  '),
    `  ${element('pubDate', pubDate)}`,
    `  ${element('language', LANGUAGE)}`,
    `  <abstract>`,
    ...abstract.map((text) => `    ${para(text)}`),
    `  </abstract>`,
    '  <keywordSet>',
    ...keywords.map((keyword) => `    ${element('keyword', keyword)}`),
    '    <keywordThesaurus>N/A</keywordThesaurus>',
    '  </keywordSet>',
    '  <additionalInfo>',
    `    ${para([`This download holds data of the following dataset versions; cite each one you use: ${citations.join(' ')}`, ...revisions].join(' '))}`,
    '  </additionalInfo>',
    '  <intellectualRights>',
    `    ${rightsParagraph(context)}`,
    '  </intellectualRights>',
    '  <distribution scope="document">',
    '    <online>',
    `      ${element('url', context.publicUrl, ' function="information"')}`,
    '    </online>',
    '  </distribution>',
    ...coverageLines(coverage, '  '),
    ...contactLines(context, '  '),
    ...methodLines(context, coverage, '  '),
    ...projectLines(context, creatorParties, '  '),
    '</dataset>',
    '<additionalMetadata>',
    '  <metadata>',
    '    <gbif>',
    `      ${element('dateStamp', dateStamp)}`,
    '      <hierarchyLevel>dataset</hierarchyLevel>',
    `      ${element('citation', downloadCitationText(context), ` identifier="${xmlEscape(selectionPageUrl(context))}"`)}`,
    '      <bibliography>',
    ...context.datasets.map(
      (dataset) =>
        `        ${element('citation', dataset.citation, ` identifier="${xmlEscape(dataset.facts.doi === null ? dataset.facts.url : `https://doi.org/${dataset.facts.doi}`)}"`)}`,
    ),
    '      </bibliography>',
    '    </gbif>',
    '  </metadata>',
    '</additionalMetadata>',
    '</eml:eml>',
    '',
  ];
  return lines.join('\n');
}
