import { PUBLIC_STATES, type TDatasetDetail } from '@coral/core';
import { CopyButton } from '@/components/copy-button';
import { SectionCard } from '@/components/section-card';

/**
 * The citation and metadata files of a public version (served by the API), by the names readers
 * know (docs/decisions/0057-eml-gbif-profile-and-datacite.md).
 */
export const CITATION_FORMATS = [
  { file: 'citation.bib', label: 'BibTeX' },
  { file: 'citation.ris', label: 'RIS' },
  { file: 'citation.json', label: 'CSL-JSON' },
  { file: 'datacite.json', label: 'DataCite JSON' },
  { file: 'datacite.xml', label: 'DataCite XML' },
  { file: 'eml.xml', label: 'EML' },
  // The Citation File Format, as beside every download (decision 0056).
  { file: 'CITATION.cff', label: 'CFF' },
] as const;

export const citationFileUrl = (datasetId: number, version: number, file: string) =>
  `/api/public/datasets/${datasetId}/versions/${version}/${file}`;

/**
 * The recommended citation with a copy button, and its files for reference managers. Only a
 * public (published or embargoed) version has citation files; a draft's citation is a preview.
 */
export function DatasetCitation({ dataset }: { dataset: TDatasetDetail }) {
  const { citation, number, state } = dataset.version;
  const hasFiles = PUBLIC_STATES.includes(state);
  return (
    <SectionCard id="dataset-citation-title" title="How to cite">
      <blockquote className="border-start border-4 ps-3 mb-3" data-testid="citation-text">
        {citation.text}
      </blockquote>
      <CopyButton text={citation.text} what="Citation" />
      {hasFiles && (
        <nav aria-label="Citation downloads" className="mt-3">
          <span className="small me-2">Download citation:</span>
          {CITATION_FORMATS.map(({ file, label }) => (
            <a
              key={file}
              href={citationFileUrl(dataset.id, number, file)}
              download
              className="btn btn-link btn-sm"
            >
              {label}
            </a>
          ))}
          {dataset.withdrawal && (
            <p className="small text-body-secondary mb-0">
              The files say that the dataset was withdrawn; cite it as above if you used its data.
            </p>
          )}
        </nav>
      )}
    </SectionCard>
  );
}
