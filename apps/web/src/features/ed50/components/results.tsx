import { CLIENT_ROUTES } from '@coral/core';
import { NO_RESIDUAL_DF_NOTE, pooledCurveModelNote } from '@coral/core/ed50';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginRedirectState, useAuth } from '@/lib/auth';
import { saveFile } from '@/lib/save-file';
import {
  ED_RESULTS_FILE_NAME,
  ED_SUMMARY_FILE_NAME,
  UPLOAD_PATH,
  uploadFilesState,
} from '../api/upload-hand-over';
import type { CalculatorResult } from '../worker/protocol';
import { plural } from '../utils/ed-display';
import { ColonyTable } from './colony-table';
import { Ed50Distribution } from './ed50-distribution';
import { GroupComparison } from './group-comparison';
import { GroupCurves } from './group-curves';
import { ModelFitTable } from './model-fit-table';
import { SummaryTable } from './summary-table';

export const UPLOAD_BUTTON = 'Upload these results';
const UPLOAD_GROUPING = ['Site', 'Condition', 'Species', 'Timepoint'];

const csvBlob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });

/** Step 4: what came out, the downloads, the hand-over to the upload page, tables and plots. */
export function Results({ result, file }: { result: CalculatorResult; file: File }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result]);
  const { computation } = result;
  const colonies = computation.colonies;
  const withEd50 = colonies.filter((colony) => colony.ed50.value !== null).length;
  const excluded = colonies.filter((colony) => colony.status === 'excluded').length;
  const withheld = colonies.length - withEd50 - excluded;
  const flagged = colonies.filter((colony) => colony.flags.length > 0).length;
  return (
    <section aria-labelledby="ed50-results-heading" className="mb-4">
      <h2 id="ed50-results-heading" className="h4" tabIndex={-1} ref={heading}>
        4. Results
      </h2>
      {computation.errors.length > 0 && (
        <Alert variant="danger">
          <ul className="mb-0">
            {computation.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Alert>
      )}
      {colonies.length > 0 && (
        <>
          <p>
            {plural(colonies.length, 'colony', 'colonies')} in{' '}
            {plural(computation.groups.length, 'group')}: {withEd50.toLocaleString('en-US')} with an
            ED50
            {withheld > 0 && `, ${withheld.toLocaleString('en-US')} without an estimable ED50`}
            {excluded > 0 && `, ${excluded.toLocaleString('en-US')} not fitted`}
            {flagged > 0 && ` (${plural(flagged, 'colony', 'colonies')} with notes)`}. Computed in{' '}
            {(result.elapsedMs / 1000).toFixed(1)} s.
          </p>
          <Actions result={result} file={file} />
          <p className="small text-body-secondary">
            {computation.method} Values that are not estimable are written NA in{' '}
            {ED_RESULTS_FILE_NAME}.
          </p>
          <ComputationNotes computation={computation} />
          <SummaryTable result={result} />
          <ModelFitTable result={result} />
          <ColonyTable computation={computation} />
          <GroupCurves result={result} />
          <Ed50Distribution computation={computation} />
          <GroupComparison result={result} />
        </>
      )}
    </section>
  );
}

function Actions({ result, file }: { result: CalculatorResult; file: File }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { isAuthenticated, isLoading } = useAuth();
  const grouping = result.computation.grouping;
  // The upload stores CBASSED50's values from its file: the joint LL.3 fit without limits, in
  // CBASSED50's columns and rounding, with the default grouping.
  const { method } = result;
  const jointFit =
    method.fit === 'joint' &&
    method.model === 'LL.3' &&
    method.bounds === undefined &&
    !method.intervals &&
    !method.unrounded;
  const uploadable =
    jointFit &&
    grouping.length === UPLOAD_GROUPING.length &&
    grouping.every((column, i) => column === UPLOAD_GROUPING[i]);
  return (
    <div className="ed50-actions mb-3">
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="primary"
          onClick={() => saveFile(csvBlob(result.resultsCsv), ED_RESULTS_FILE_NAME)}
        >
          Download {ED_RESULTS_FILE_NAME}
        </Button>
        <Button
          variant="outline-primary"
          onClick={() => saveFile(csvBlob(result.summaryCsv), ED_SUMMARY_FILE_NAME)}
        >
          Download the summary ({ED_SUMMARY_FILE_NAME})
        </Button>
        {uploadable && (
          <Button
            variant="success"
            onClick={() =>
              void navigate(UPLOAD_PATH, { state: uploadFilesState(file, result.resultsCsv) })
            }
          >
            {UPLOAD_BUTTON}
          </Button>
        )}
      </div>
      {uploadable ? (
        <p className="small mt-2 mb-0">
          “{UPLOAD_BUTTON}” opens the upload page with your data file ({file.name}) and{' '}
          {ED_RESULTS_FILE_NAME} already chosen.
          {!isLoading && !isAuthenticated && (
            <>
              {' '}
              Uploading needs an account:{' '}
              <Link to={CLIENT_ROUTES.login} state={loginRedirectState(location)}>
                log in
              </Link>{' '}
              first; your results stay here meanwhile.
            </>
          )}
        </p>
      ) : (
        <p className="small mt-2 mb-0">
          {jointFit
            ? 'Uploading needs the default grouping (Site, Condition, Species, Timepoint).'
            : 'Uploading needs CBASSED50’s file: the joint fit per group with LL.3, without parameter limits, intervals or full precision, and the default grouping.'}
        </p>
      )}
    </div>
  );
}

/**
 * What the page must say in plain words, not only in a legend (decision 0062): the pooled curve
 * and EDs stay LL.3 under another model, and why intervals are NA.
 */
function ComputationNotes({ computation }: { computation: CalculatorResult['computation'] }) {
  const pooled = pooledCurveModelNote(computation.model);
  const noResidualDf = computation.colonies.some((colony) =>
    colony.flags.some((flag) => flag.code === 'no_residual_df'),
  );
  if (!pooled && !noResidualDf) return null;
  return (
    <Alert variant="info" className="small" data-testid="ed50-computation-notes">
      {pooled && <p className="mb-1">{pooled}</p>}
      {noResidualDf && <p className="mb-0">{NO_RESIDUAL_DF_NOTE}</p>}
    </Alert>
  );
}
