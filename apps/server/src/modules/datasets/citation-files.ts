import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-ris';
import {
  citationKey,
  cslItem,
  dataCiteMetadata,
  DOWNLOAD_SIDE_FILES,
  versionCitationCff,
  type CitationFacts,
} from '@coral/core';

/**
 * A dataset version's citation as downloadable files (docs/decisions/0012-datasets.md; the CFF,
 * decision 0056). BibTeX,
 * RIS and CSL-JSON are written by citation-js from core's CSL-JSON item, so escaping (braces,
 * quotes, accents, `&`, `%`…) is the library's, never hand-written; the DataCite JSON is core's.
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
  // The Citation File Format, as the downloads' CITATION.cff (decision 0056).
  cff: { contentType: DOWNLOAD_SIDE_FILES.citation.contentType, extension: 'cff' },
} as const;
export type CitationFormat = keyof typeof CITATION_FORMATS;

export interface CitationFile {
  contentType: string;
  /** `dataset-12-v2.bib`; the DataCite file is `dataset-12-v2.datacite.json`. */
  filename: string;
  body: string;
}

export function citationFile(facts: CitationFacts, format: CitationFormat): CitationFile {
  const { contentType, extension } = CITATION_FORMATS[format];
  const key = citationKey(facts);
  return {
    contentType,
    filename:
      format === 'datacite'
        ? `${key}.datacite.json`
        : format === 'cff'
          ? 'CITATION.cff'
          : `${key}.${extension}`,
    body: citationBody(facts, format),
  };
}

function citationBody(facts: CitationFacts, format: CitationFormat): string {
  if (format === 'datacite') return `${JSON.stringify(dataCiteMetadata(facts), null, 2)}\n`;
  if (format === 'cff') return versionCitationCff(facts);
  const cite = new Cite([cslItem(facts)]);
  switch (format) {
    case 'bib':
      return cite.format('bibtex');
    case 'ris':
      return cite.format('ris');
    case 'csl':
      return `${cite.format('data', { format: 'text' })}\n`;
  }
}
