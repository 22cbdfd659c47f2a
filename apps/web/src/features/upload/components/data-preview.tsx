import {
  ED_RESULTS_FILE,
  isUploadFormat,
  PREVIEW_ROWS,
  UPLOAD_FORMAT_WORDS,
  uploadFormat,
  type PreviewResult,
} from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Loading } from '@/components/loading';

export const PREVIEW_TITLE = 'Data Preview';

/** Product-spec §2: '... and N more rows (showing first 50 for performance)'. */
export const moreRowsNote = (more: number) =>
  `... and ${more} more rows (showing first ${PREVIEW_ROWS} for performance)`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The Data Preview card (product-spec §2 Upload, §5, §9): row and column counts, the headers with
 * the required columns marked by an asterisk, the first 50 rows with empty cells shown as 'empty',
 * at most 600 px high. Parsed with a real CSV parser, and it says how the header was read.
 */
export function DataPreview({ result }: { result: PreviewResult | null }) {
  return (
    <Card className="mt-4" as="section" aria-labelledby="data-preview-title">
      <Card.Header as="h2" className="h5" id="data-preview-title">
        {PREVIEW_TITLE}
      </Card.Header>
      <Card.Body>
        {result === null ? (
          <Loading text="Reading the file..." />
        ) : !result.ok ? (
          <Alert variant="warning" className="mb-0">
            {result.message}
          </Alert>
        ) : (
          <PreviewTable preview={result.preview} />
        )}
      </Card.Body>
    </Card>
  );
}

function PreviewTable({ preview }: { preview: Extract<PreviewResult, { ok: true }>['preview'] }) {
  const required = new Set(preview.requiredPositions);
  const more = preview.rowCount - preview.rows.length;
  return (
    <>
      <p className="mb-2">
        <strong>{plural(preview.rowCount, 'row')}</strong>,{' '}
        <strong>{plural(preview.columnCount, 'column')}</strong>
        {' · '}
        {isUploadFormat(preview.format)
          ? `Recognised as the ${uploadFormat(preview.format).label}`
          : preview.format === ED_RESULTS_FILE.id
            ? 'This looks like an ED50 results file: choose it as the second file.'
            : `Not recognised as a ${UPLOAD_FORMAT_WORDS.sheetNames} sheet.`}
      </p>
      {preview.renamed.length > 0 && (
        <p className="small mb-2">
          Columns read under their standard names:{' '}
          {preview.renamed.map((match, index) => (
            <span key={match.position}>
              {index > 0 && ', '}
              <code>{match.found}</code> → <code>{match.column}</code>
            </span>
          ))}
        </p>
      )}
      {preview.missing.length > 0 && (
        <Alert variant="warning" className="py-2 small">
          Required columns not found: {preview.missing.join(', ')}.
        </Alert>
      )}
      {preview.ignored.length > 0 && (
        <p className="small text-body-secondary mb-2">Not used: {preview.ignored.join(', ')}.</p>
      )}
      <p className="small text-body-secondary mb-2">* required column</p>
      <div
        className="upload-preview-scroll border rounded"
        role="region"
        aria-label="Data preview table"
        tabIndex={0}
      >
        <Table size="sm" striped bordered className="mb-0 upload-preview-table">
          <thead>
            <tr>
              {preview.header.map((name, position) => (
                <th key={position} scope="col">
                  {name}
                  {required.has(position) && (
                    <span className="text-danger" title="required">
                      *
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, position) => (
                  <td key={position}>
                    {cell.trim() === '' ? (
                      <span className="text-body-secondary fst-italic">empty</span>
                    ) : (
                      cell
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {more > 0 && <p className="small text-body-secondary mt-2 mb-0">{moreRowsNote(more)}</p>}
    </>
  );
}
