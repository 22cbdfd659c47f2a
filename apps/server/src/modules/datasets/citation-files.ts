import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-ris';
import {
  citationKey,
  cslItem,
  dataCiteMetadata,
  dataCiteXml,
  DOWNLOAD_SIDE_FILES,
  risReadyItem,
  unwrapRis,
  versionCitationCff,
  type CitationFacts,
  type DataCiteCoverage,
} from '@coral/core';

/**
 * A dataset version's citation and metadata as downloadable files (docs/decisions/0012-datasets.md,
 * 0057-eml-gbif-profile-and-datacite.md; the CFF, 0056-page-fixes-2.md). BibTeX (BibLaTeX's
 * @dataset), RIS and CSL-JSON are written by citation-js from core's CSL-JSON item, so escaping
 * (braces, quotes, accents, `&`, `%`…) is the library's, never hand-written; the DataCite JSON and
 * XML, the CFF and the EML are core's.
 * citation-js stays on the server: the web app links to these files and never bundles it.
 */
export const CITATION_FORMATS = {
  bib: { contentType: 'application/x-bibtex; charset=utf-8', extension: 'bib' },
  ris: { contentType: 'application/x-research-info-systems; charset=utf-8', extension: 'ris' },
  csl: { contentType: 'application/vnd.citationstyles.csl+json; charset=utf-8', extension: 'json' },
  datacite: {
    contentType: 'application/vnd.datacite.datacite+json; charset=utf-8',
    extension: 'json',
  },
  'datacite-xml': {
    contentType: 'application/vnd.datacite.datacite+xml; charset=utf-8',
    extension: 'xml',
  },
  /** EML has no media type of its own: XML, as GBIF's IPT serves it. */
  eml: { contentType: 'application/xml; charset=utf-8', extension: 'xml' },
  // The Citation File Format, as the downloads' CITATION.cff (decision 0056).
  cff: { contentType: DOWNLOAD_SIDE_FILES.citation.contentType, extension: 'cff' },
} as const;
export type CitationFormat = keyof typeof CITATION_FORMATS;

/** The formats a version's page answers by content negotiation, as DOI resolvers offer them. */
export const NEGOTIATED_FORMATS = ['datacite', 'datacite-xml', 'bib', 'ris', 'csl'] as const;
export type NegotiatedFormat = (typeof NEGOTIATED_FORMATS)[number];

const mediaTypeOf = (format: CitationFormat) =>
  CITATION_FORMATS[format].contentType.split(';')[0]!.trim();

/** Media types that mean "the page" (what a browser asks for). */
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * The citation format an Accept header asks for, or null for the page. Only exact media types
 * count for a citation (a browser's wildcards never turn its page into a file); the highest
 * quality wins, the page on a tie, and the header's order breaks ties between formats.
 */
export function negotiatedFormat(accept: string | undefined): NegotiatedFormat | null {
  if (!accept) return null;
  let best: { format: NegotiatedFormat; q: number } | null = null;
  let page = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (PAGE_TYPES.has(type)) {
      page = Math.max(page, q);
      continue;
    }
    const format = NEGOTIATED_FORMATS.find((candidate) => mediaTypeOf(candidate) === type);
    if (format !== undefined && (best === null || q > best.q)) best = { format, q };
  }
  return best !== null && best.q > page ? best.format : null;
}

export interface CitationFile {
  contentType: string;
  /** `dataset-12-v2.bib`; `dataset-12-v2.datacite.json`, `….datacite.xml`, `….eml.xml`. */
  filename: string;
  body: string;
}

/** A version's file name in a format: its key, what the file is, its extension. */
export function citationFileName(facts: CitationFacts, format: CitationFormat): string {
  const key = citationKey(facts);
  const { extension } = CITATION_FORMATS[format];
  if (format === 'datacite' || format === 'datacite-xml') return `${key}.datacite.${extension}`;
  if (format === 'eml') return `${key}.eml.xml`;
  if (format === 'cff') return 'CITATION.cff';
  return `${key}.${extension}`;
}

/**
 * A citation file written from the facts (every format but EML, which its own writer makes); the
 * DataCite forms also state the version's coverage (geoLocations, Collected date) when given
 * (docs/decisions/0065-obis-names-and-datacite-coverage.md).
 */
export function citationFile(
  facts: CitationFacts,
  format: Exclude<CitationFormat, 'eml'>,
  coverage: DataCiteCoverage | null = null,
): CitationFile {
  return {
    contentType: CITATION_FORMATS[format].contentType,
    filename: citationFileName(facts, format),
    body: citationBody(facts, format, coverage),
  };
}

function citationBody(
  facts: CitationFacts,
  format: Exclude<CitationFormat, 'eml'>,
  coverage: DataCiteCoverage | null,
): string {
  if (format === 'datacite') {
    return `${JSON.stringify(dataCiteMetadata(facts, coverage), null, 2)}\n`;
  }
  if (format === 'datacite-xml') return dataCiteXml(facts, { coverage });
  if (format === 'cff') return versionCitationCff(facts);
  const item = cslItem(facts);
  const cite = new Cite([item]);
  switch (format) {
    case 'bib':
      // BibLaTeX's @dataset with its version field (classic BibTeX has neither; its styles read
      // an unknown entry type as @misc): what citation managers and citation-js read back as a
      // dataset of that version (decision 0058).
      return cite.format('biblatex');
    case 'ris':
      // One line per tag: citation-js wraps values at 70 characters, mid-word (decision 0058).
      return unwrapRis(new Cite([risReadyItem(item)]).format('ris'));
    case 'csl':
      return `${cite.format('data', { format: 'text' })}\n`;
  }
}
