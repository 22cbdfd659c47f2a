import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-ris';
import {
  citationKey,
  cslItem,
  dataCiteMetadata,
  risReadyItem,
  unwrapRis,
  type CitationFacts,
} from '@coral/core';

/**
 * A dataset version's citation as downloadable files (docs/decisions/0012-datasets.md). BibTeX
 * (BibLaTeX's @dataset),
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
    filename: format === 'datacite' ? `${key}.datacite.json` : `${key}.${extension}`,
    body: citationBody(facts, format),
  };
}

function citationBody(facts: CitationFacts, format: CitationFormat): string {
  if (format === 'datacite') return `${JSON.stringify(dataCiteMetadata(facts), null, 2)}\n`;
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
