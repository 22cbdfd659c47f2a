import type { CbassIssue } from '@coral/core/ed50';
import Alert from 'react-bootstrap/Alert';
import { Loading } from '@/components/loading';
import { ScrollableTable } from '@/components/scrollable-table';
import type { CalculatorState } from '../api/calculator-store';
import type { ColumnCheck, FileCheck } from '../worker/protocol';
import { plural } from '../utils/ed-display';

export const CHECKING_TEXT = 'Checking the file...';
/** Issues listed before the rest are folded away. */
const SHOWN_ISSUES = 5;

/** Step 2: what was read — counts, the column check, problems, the first rows. */
export function FileCheckView({ state }: { state: CalculatorState }) {
  return (
    <section aria-labelledby="ed50-check-heading" className="mb-4">
      <h2 id="ed50-check-heading" className="h4">
        2. Check the file
      </h2>
      {state.checking && <Loading text={CHECKING_TEXT} />}
      {state.checkError && (
        <Alert variant="danger">The file could not be read: {state.checkError}</Alert>
      )}
      {state.check && <CheckDetails check={state.check} />}
    </section>
  );
}

function CheckDetails({ check }: { check: FileCheck }) {
  const fileErrors = check.errors.filter((issue) => issue.row === undefined);
  const rowErrors = check.errors.filter((issue) => issue.row !== undefined);
  return (
    <>
      <p>
        {plural(check.dataRowCount, 'data row')}, {plural(check.header.length, 'column')}
        {check.validRowCount > 0 && check.temperatures.length > 0 && (
          <>; temperatures {check.temperatures.join(', ')} °C</>
        )}
        .
        {check.droppedRowCount > 0 &&
          ` ${plural(check.droppedRowCount, 'row')} cannot be used and ${check.droppedRowCount === 1 ? 'is' : 'are'} left out (see below).`}
      </p>
      {fileErrors.length > 0 && (
        <Alert variant="danger">
          <h3 className="h6 alert-heading">This file cannot be computed</h3>
          <ul className="mb-0">
            {fileErrors.map((issue) => (
              <li key={issue.message}>{issue.message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {check.notices.map((notice) => (
        <Alert key={notice} variant="warning">
          {notice}
        </Alert>
      ))}
      <ColumnTable columns={check.columns} />
      {check.extraColumns.length > 0 && (
        <p className="small">
          Other columns (kept in the file, not used): {check.extraColumns.join(', ')}.
        </p>
      )}
      <IssueList
        title="Rows with errors (left out)"
        issues={rowErrors}
        total={check.errorCount - fileErrors.length}
        variant="danger"
      />
      <IssueList
        title="Notes on reading the file"
        issues={check.warnings.filter((issue) => issue.code !== 'column_case_mismatch')}
        total={
          check.warningCount -
          check.warnings.filter((issue) => issue.code === 'column_case_mismatch').length
        }
        variant="warning"
      />
      <Preview check={check} />
    </>
  );
}

function columnStatus(column: ColumnCheck): { text: string; className: string } {
  if (column.status === 'found') return { text: 'Found', className: 'text-success' };
  if (column.status === 'renamed') {
    return {
      text: column.message ?? `Found as ${column.found}`,
      className: 'text-warning-emphasis',
    };
  }
  return {
    text: column.message ?? `missing column ${column.column}`,
    className: column.usedByCalculation ? 'text-danger fw-semibold' : 'text-warning-emphasis',
  };
}

/** Each CBASSED50 column: found, found under another spelling (used), or missing. */
function ColumnTable({ columns }: { columns: readonly ColumnCheck[] }) {
  const problems = columns.filter((column) => column.status !== 'found').length;
  return (
    <details className="mb-3" open={problems > 0}>
      <summary className="fw-semibold mb-2">
        Column check:{' '}
        {problems === 0
          ? 'all 12 CBASSED50 columns found'
          : `${plural(problems, 'column')} to look at`}
      </summary>
      <ScrollableTable label="Column check" size="sm" className="mb-0 ed50-column-table">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">In your file</th>
            <th scope="col">Used for the ED values</th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((column) => {
            const status = columnStatus(column);
            return (
              <tr key={column.column}>
                <th scope="row" className="fw-normal font-monospace">
                  {column.column}
                </th>
                <td className="font-monospace">{column.found ?? '—'}</td>
                <td>{column.usedByCalculation ? 'yes' : 'no (required by CBASSED50)'}</td>
                <td className={status.className}>{status.text}</td>
              </tr>
            );
          })}
        </tbody>
      </ScrollableTable>
    </details>
  );
}

function IssueList({
  title,
  issues,
  total,
  variant,
}: {
  title: string;
  issues: readonly CbassIssue[];
  total: number;
  variant: 'danger' | 'warning';
}) {
  if (issues.length === 0) return null;
  const first = issues.slice(0, SHOWN_ISSUES);
  const rest = issues.slice(SHOWN_ISSUES);
  const unlisted = total - issues.length;
  return (
    <Alert variant={variant} className="ed50-issues">
      <h3 className="h6 alert-heading">
        {title} ({total.toLocaleString('en-US')})
      </h3>
      <ul className="mb-0">
        {first.map((issue, index) => (
          <li key={index}>{issue.message}</li>
        ))}
      </ul>
      {rest.length > 0 && (
        <details className="mt-2">
          <summary>Show {plural(rest.length + Math.max(0, unlisted), 'more')}</summary>
          <ul className="mb-0">
            {rest.map((issue, index) => (
              <li key={index}>{issue.message}</li>
            ))}
            {unlisted > 0 && <li>… and {plural(unlisted, 'more')} not listed.</li>}
          </ul>
        </details>
      )}
    </Alert>
  );
}

function Preview({ check }: { check: FileCheck }) {
  if (check.preview.length === 0) return null;
  const width = Math.max(check.header.length, ...check.preview.map((row) => row.cells.length));
  const columns = Array.from({ length: width }, (_, i) => check.header[i] ?? '');
  return (
    <>
      <h3 className="h6">
        Preview: the first {plural(check.preview.length, 'row')} of{' '}
        {check.dataRowCount.toLocaleString('en-US')}
      </h3>
      <ScrollableTable
        label="Preview of the first rows of the file"
        size="sm"
        striped
        className="ed50-preview small mb-0"
      >
        <thead>
          <tr>
            <th scope="col">Row</th>
            {columns.map((name, i) => (
              <th scope="col" key={i}>
                {name === '' ? <span className="text-body-secondary">(no name)</span> : name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {check.preview.map(({ row, cells }) => (
            <tr key={row}>
              <th scope="row" className="fw-normal text-body-secondary">
                {row}
              </th>
              {columns.map((_, c) => {
                const cell = cells[c] ?? '';
                return (
                  <td key={c}>
                    {cell.trim() === '' ? (
                      <span className="text-body-secondary fst-italic">empty</span>
                    ) : (
                      cell
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      <p className="small text-body-secondary">
        Row numbers are spreadsheet rows (the header is row 1), as in the messages above.
      </p>
    </>
  );
}
