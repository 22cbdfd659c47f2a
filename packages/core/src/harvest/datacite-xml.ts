import { xmlEscape } from '../downloads/dwca/xml-text';
import type { CitationFacts } from '../citation/citation-facts';
import {
  dataCiteMetadata,
  type DataCiteCoverage,
  type DataCiteCreator,
  type DataCiteGeoLocation,
  type DataCiteMetadata,
} from '../citation/datacite';

/** The DataCite Metadata Schema's namespace and where its 4.6 XSD is published. */
export const DATACITE_NAMESPACE = 'http://datacite.org/schema/kernel-4';
export const DATACITE_SCHEMA = 'https://schema.datacite.org/meta/kernel-4.6/metadata.xsd';

const attributes = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${xmlEscape(value)}"`)
    .join('');

const element = (name: string, text: string, attrs: Record<string, string | undefined> = {}) =>
  `<${name}${attributes(attrs)}>${xmlEscape(text)}</${name}>`;

function creatorXml(creator: DataCiteCreator, indent: string): string[] {
  return [
    `${indent}<creator>`,
    `${indent}  ${element('creatorName', creator.name, { nameType: creator.nameType })}`,
    ...(creator.givenName === undefined
      ? []
      : [`${indent}  ${element('givenName', creator.givenName)}`]),
    ...(creator.familyName === undefined
      ? []
      : [`${indent}  ${element('familyName', creator.familyName)}`]),
    ...(creator.nameIdentifiers ?? []).map(
      (id) =>
        `${indent}  ${element('nameIdentifier', id.nameIdentifier, {
          nameIdentifierScheme: id.nameIdentifierScheme,
          schemeURI: id.schemeUri,
        })}`,
    ),
    ...(creator.affiliation ?? []).map((a) => `${indent}  ${element('affiliation', a.name)}`),
    `${indent}</creator>`,
  ];
}

const list = (name: string, items: string[], indent: string): string[] =>
  items.length === 0 ? [] : [`${indent}<${name}>`, ...items, `${indent}</${name}>`];

/**
 * A dataset version's DataCite metadata in its normative XML form (kernel-4.6), written from the
 * same facts and the same mapping as the JSON form (datacite.ts), so the two never disagree. The
 * schema requires an `identifier`: the DOI, or for a version without one its page (type URL), a
 * record DataCite would not register as is (docs/decisions/0057-eml-gbif-profile-and-datacite.md).
 * `withDeclaration: false` gives the bare element (embedded in an OAI-PMH record).
 */
export function dataCiteXml(
  facts: CitationFacts,
  options: { withDeclaration?: boolean; coverage?: DataCiteCoverage | null } = {},
) {
  return dataCiteMetadataXml(dataCiteMetadata(facts, options.coverage ?? null), options);
}

/** A geoLocation's place and box, in the XSD's element names (its box is an xs:all). */
function geoLocationXml(location: DataCiteGeoLocation, indent: string): string[] {
  const box = location.geoLocationBox;
  return [
    `${indent}<geoLocation>`,
    ...(location.geoLocationPlace === undefined
      ? []
      : [`${indent}  ${element('geoLocationPlace', location.geoLocationPlace)}`]),
    ...(box === undefined
      ? []
      : [
          `${indent}  <geoLocationBox>`,
          `${indent}    ${element('westBoundLongitude', String(box.westBoundLongitude))}`,
          `${indent}    ${element('eastBoundLongitude', String(box.eastBoundLongitude))}`,
          `${indent}    ${element('southBoundLatitude', String(box.southBoundLatitude))}`,
          `${indent}    ${element('northBoundLatitude', String(box.northBoundLatitude))}`,
          `${indent}  </geoLocationBox>`,
        ]),
    `${indent}</geoLocation>`,
  ];
}

/** Any DataCite JSON metadata of the platform (a version's, a snapshot's) as DataCite XML. */
export function dataCiteMetadataXml(
  m: DataCiteMetadata,
  options: { withDeclaration?: boolean } = {},
): string {
  const i = '  ';
  const ii = '    ';
  const lines = [
    ...(options.withDeclaration === false ? [] : ['<?xml version="1.0" encoding="UTF-8"?>']),
    `<resource xmlns="${DATACITE_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${DATACITE_NAMESPACE} ${DATACITE_SCHEMA}">`,
    // The schema wants an identifier: the DOI, else the page (OpenAIRE's guidelines for data
    // archives allow URL; DataCite registers DOIs only, decision 0057).
    m.doi === undefined
      ? `${i}${element('identifier', m.url, { identifierType: 'URL' })}`
      : `${i}${element('identifier', m.doi, { identifierType: 'DOI' })}`,
    ...list(
      'creators',
      m.creators.flatMap((c) => creatorXml(c, ii)),
      i,
    ),
    ...list(
      'titles',
      m.titles.map((t) => `${ii}${element('title', t.title, { 'xml:lang': t.lang })}`),
      i,
    ),
    `${i}${element('publisher', m.publisher.name, { 'xml:lang': m.publisher.lang })}`,
    `${i}${element('publicationYear', m.publicationYear)}`,
    `${i}${element('resourceType', m.types.resourceType, { resourceTypeGeneral: m.types.resourceTypeGeneral })}`,
    ...list(
      'subjects',
      m.subjects.map((s) => `${ii}${element('subject', s.subject, { 'xml:lang': s.lang })}`),
      i,
    ),
    ...list(
      'dates',
      m.dates.map((d) => `${ii}${element('date', d.date, { dateType: d.dateType })}`),
      i,
    ),
    `${i}${element('language', m.language)}`,
    ...list(
      'alternateIdentifiers',
      m.alternateIdentifiers.map(
        (a) =>
          `${ii}${element('alternateIdentifier', a.alternateIdentifier, { alternateIdentifierType: a.alternateIdentifierType })}`,
      ),
      i,
    ),
    ...list(
      'relatedIdentifiers',
      m.relatedIdentifiers.map(
        (r) =>
          `${ii}${element('relatedIdentifier', r.relatedIdentifier, {
            relatedIdentifierType: r.relatedIdentifierType,
            relationType: r.relationType,
          })}`,
      ),
      i,
    ),
    `${i}${element('version', m.version)}`,
    ...list(
      'rightsList',
      m.rightsList.map(
        (r) =>
          `${ii}${element('rights', r.rights, {
            'xml:lang': r.lang,
            rightsURI: r.rightsUri,
            rightsIdentifier: r.rightsIdentifier,
            rightsIdentifierScheme: r.rightsIdentifierScheme,
            schemeURI: r.schemeUri,
          })}`,
      ),
      i,
    ),
    ...list(
      'descriptions',
      m.descriptions.map(
        (d) =>
          `${ii}${element('description', d.description, {
            'xml:lang': d.lang,
            descriptionType: d.descriptionType,
          })}`,
      ),
      i,
    ),
    ...list(
      'geoLocations',
      (m.geoLocations ?? []).flatMap((location) => geoLocationXml(location, ii)),
      i,
    ),
    '</resource>',
  ];
  return `${lines.join('\n')}\n`;
}
