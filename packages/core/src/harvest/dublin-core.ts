import {
  citationUrl,
  creditedOrganisation,
  revisionLabel,
  type CitationFacts,
} from '../citation/citation-facts';
import { dataCiteMetadata } from '../citation/datacite';
import { LICENCES } from '../datasets/licences';
import { xmlEscape } from '../downloads/dwca/xml-text';

export const OAI_DC_NAMESPACE = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
export const OAI_DC_SCHEMA = 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd';

/**
 * A dataset version in unqualified Dublin Core (`oai_dc`, the format every OAI-PMH repository
 * must offer), from the same citation facts as the DataCite metadata: creators as DataCite names
 * them, the version's page and DOI as identifiers, its licence as rights. A description a curator
 * revised (docs/decisions/0064-metadata-revisions.md) names its revision and dates it as well.
 */
export function oaiDublinCore(facts: CitationFacts): string {
  const m = dataCiteMetadata(facts);
  const dc = (name: string, text: string) => `    <dc:${name}>${xmlEscape(text)}</dc:${name}>`;
  const licence = facts.licence === null ? null : LICENCES[facts.licence];
  const revision = revisionLabel(facts);
  return [
    `<oai_dc:dc xmlns:oai_dc="${OAI_DC_NAMESPACE}" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${OAI_DC_NAMESPACE} ${OAI_DC_SCHEMA}">`,
    ...m.titles.map((t) => dc('title', t.title)),
    ...(facts.creators.length === 0
      ? [dc('creator', creditedOrganisation(facts))]
      : m.creators.map((c) => dc('creator', c.name))),
    ...m.subjects.map((s) => dc('subject', s.subject)),
    ...m.descriptions.map((d) => dc('description', d.description)),
    ...(revision === null
      ? []
      : [
          dc(
            'description',
            `This record is the ${revision} of version ${facts.version}: its description was completed by a curator after publication; its data are unchanged.`,
          ),
        ]),
    dc('publisher', m.publisher.name),
    dc('date', m.dates[0]!.date),
    ...(facts.revision ? [dc('date', facts.revision.at.slice(0, 10))] : []),
    dc('type', 'Dataset'),
    dc('identifier', facts.url),
    ...(facts.doi === null ? [] : [dc('identifier', citationUrl(facts))]),
    dc('language', m.language),
    ...m.relatedIdentifiers.map((r) => dc('relation', `https://doi.org/${r.relatedIdentifier}`)),
    ...(licence === null ? [] : [dc('rights', `${licence.name} (${licence.url})`)]),
    '  </oai_dc:dc>',
  ].join('\n');
}
