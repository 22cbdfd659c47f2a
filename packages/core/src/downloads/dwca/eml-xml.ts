import { personName, type CitationCreator } from '../../citation/citation-facts';
import { LICENCES } from '../../datasets/licences';
import { licenceGroups, licencePlain } from '../download-datasets';
import type { DownloadContext } from '../download-model';
import { downloadTitle } from '../download-query';
import { downloadCitationText, selectionPageUrl } from '../download-citation';
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

function creatorElement(creator: CitationCreator, indent: string): string {
  const { family, given } = personName(creator.name);
  const lines = [`${indent}<creator>`, `${indent}  <individualName>`];
  if (given !== '') lines.push(`${indent}    ${element('givenName', given)}`);
  lines.push(`${indent}    ${element('surName', family)}`, `${indent}  </individualName>`);
  if (creator.affiliation) {
    lines.push(`${indent}  ${element('organizationName', creator.affiliation)}`);
  }
  if (creator.orcid !== null) {
    lines.push(`${indent}  ${element('userId', creator.orcid, ' directory="https://orcid.org/"')}`);
  }
  lines.push(`${indent}</creator>`);
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

function rightsParagraphs(context: DownloadContext): string[] {
  return licenceGroups(context.datasets).map((group) => {
    const keys = group.datasets.map((dataset) => dataset.citationKey).join(', ');
    if (group.licence === null) {
      return para(`Licence not stated (${keys}): ${licencePlain(null)}`);
    }
    const { name, url } = LICENCES[group.licence];
    return `<para>${xmlEscape(`${keys}: this work is licensed under a `)}<ulink url="${xmlEscape(url)}"><citetitle>${xmlEscape(`${name} (${group.licence})`)}</citetitle></ulink>${xmlEscape(` License. ${licencePlain(group.licence)}`)}</para>`;
  });
}

/**
 * The archive's metadata in EML 2.1.1 as the GBIF IPT writes it (GBIF metadata profile 1.1): title,
 * creators with ORCID iDs, publication date, language, abstract, licences (most restrictive
 * first), the citation of every dataset version and, in the GBIF section, how to cite the
 * download itself.
 */
export function dwcaEmlXml(context: DownloadContext): string {
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
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<eml:eml xmlns:eml="eml://ecoinformatics.org/eml-2.1.1"',
    '         xmlns:dc="http://purl.org/dc/terms/"',
    '         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    '         xsi:schemaLocation="eml://ecoinformatics.org/eml-2.1.1 http://rs.gbif.org/schema/eml-gbif-profile/1.1/eml.xsd"',
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
    `    ${para('This download holds data of the following dataset versions; cite each one you use:')}`,
    ...citations.map((text) => `    ${para(text)}`),
    '  </additionalInfo>',
    '  <intellectualRights>',
    ...rightsParagraphs(context).map((text) => `    ${text}`),
    '  </intellectualRights>',
    '  <distribution scope="document">',
    '    <online>',
    `      ${element('url', context.publicUrl, ' function="information"')}`,
    '    </online>',
    '  </distribution>',
    platformParty('contact', context, '  '),
    '</dataset>',
    '<additionalMetadata>',
    '  <metadata>',
    '    <gbif>',
    `      ${element('dateStamp', context.createdAt)}`,
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
