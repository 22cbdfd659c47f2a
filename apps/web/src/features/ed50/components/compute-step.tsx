import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  ED_MODELS,
  MODEL_FAMILIES,
  mergedGenotypesNote,
  type EdFitMode,
  type EdModel,
} from '@coral/core/ed50';
import type { CalculatorState, CalculatorStore } from '../api/calculator-store';
import { plural } from '../utils/ed-display';
import { MethodPanel } from './method-panel';
import { ParameterBoundsFields } from './parameter-bounds-fields';

export const COMPUTE_LABEL = 'Compute ED values';
export const GENOTYPE_WARNING =
  'Never group by Genotype: each genotype is one colony, with its own curve inside its group. Grouping by it would fit every colony on its own, which gives different numbers from CBASSED50’s (CBASSED50 warns about this too).';
export const METHOD_LABEL = 'Method';
export const METHODS = [
  { fit: 'joint', label: 'Joint fit per group (CBASSED50, default)' },
  { fit: 'per-colony', label: 'One fit per colony' },
] as const;
export const PER_COLONY_HELP =
  'Each colony is fitted alone with the model chosen below, as drc’s drm() fits one colony’s rows; the table and ED50_Results.csv then also have the standard error and 95 % limits of ED5/ED50/ED95 (drc’s delta method). These are not CBASSED50’s numbers, and they cannot be uploaded.';
export const MODEL_LABEL = 'Model';
export const MODEL_HELP_SUFFIX =
  'With the joint fit each group’s AIC is shown with the results: fit the file with each model and prefer, per group, the lowest. Models other than LL.3 give other numbers than CBASSED50’s, which cannot be uploaded.';
export const INTERVALS_LABEL = '95 % intervals of every ED (drc’s delta method)';
export const INTERVALS_HELP =
  'Adds each ED’s standard error and 95 % limits to the table and to ED50_Results.csv, as drc::ED(interval = "delta") gives them for the joint fit (the fit per colony always has them). The ED values stay CBASSED50’s.';
export const UNROUNDED_LABEL = 'Full precision in the downloads (unrounded)';
export const UNROUNDED_HELP =
  'CBASSED50 rounds ED values to 2 decimals; this keeps every digit in the downloaded files and in the group comparison, for further statistics. The tables still show 2 decimals.';
export const NON_DEFAULT_GROUPING_NOTE =
  'The upload page matches ED values to colonies by Site, Condition, Species and Timepoint: with another grouping you can download the results, but not upload them.';

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((column, i) => column === b[i]);

/** Step 3: the grouping columns, then the computation with its progress. */
export function ComputeStep({ state, store }: { state: CalculatorState; store: CalculatorStore }) {
  const check = state.check!;
  const running = state.progress !== null;
  const toggle = (column: string, on: boolean) =>
    store.setGrouping(
      on ? [...state.grouping, column] : state.grouping.filter((c) => c !== column),
    );
  const isDefault = sameColumns(state.grouping, check.defaultGrouping);
  // Said before computing (decision 0062): an unticked column that tells a genotype's rows apart.
  const merged = check.genotypeSplits.filter((split) => !state.grouping.includes(split.column));
  return (
    <section aria-labelledby="ed50-compute-heading" className="mb-4">
      <h2 id="ed50-compute-heading" className="h4">
        3. Group and compute
      </h2>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void store.compute();
        }}
      >
        <fieldset disabled={running} aria-describedby="ed50-grouping-help">
          <legend className="fs-6 fw-semibold">Fit one model per combination of</legend>
          <div className="d-flex flex-wrap gap-3 mb-2">
            {check.groupingOptions.map((column) => (
              <Form.Check
                key={column}
                id={`ed50-group-${column}`}
                type="checkbox"
                label={column}
                checked={state.grouping.includes(column)}
                onChange={(event) => toggle(column, event.currentTarget.checked)}
              />
            ))}
          </div>
          <div id="ed50-grouping-help" className="form-text mb-2">
            CBASSED50’s default is Site, Condition, Species and Timepoint: all colonies of a group
            are fitted together (one curve per Genotype), as CBASSED50 does. {GENOTYPE_WARNING}
          </div>
        </fieldset>
        <Form.Group controlId="ed50-method" className="mb-2">
          <Form.Label className="fw-semibold">{METHOD_LABEL}</Form.Label>
          <Form.Select
            value={state.fit}
            disabled={running}
            onChange={(event) => store.setFit(event.currentTarget.value as EdFitMode)}
            aria-describedby={state.fit === 'per-colony' ? 'ed50-method-help' : undefined}
            style={{ maxWidth: '28rem' }}
          >
            {METHODS.map((method) => (
              <option key={method.fit} value={method.fit}>
                {method.label}
              </option>
            ))}
          </Form.Select>
          {state.fit === 'per-colony' && (
            <Form.Text id="ed50-method-help">{PER_COLONY_HELP}</Form.Text>
          )}
        </Form.Group>
        <Form.Group controlId="ed50-model" className="mb-2">
          <Form.Label className="fw-semibold">{MODEL_LABEL}</Form.Label>
          <Form.Select
            value={state.model}
            disabled={running}
            onChange={(event) => store.setModel(event.currentTarget.value as EdModel)}
            aria-describedby="ed50-model-help"
            style={{ maxWidth: '28rem' }}
          >
            {ED_MODELS.map((model) => (
              <option key={model} value={model}>
                {MODEL_FAMILIES[model].label}
              </option>
            ))}
          </Form.Select>
          <Form.Text id="ed50-model-help">
            {MODEL_FAMILIES[state.model].description} {MODEL_HELP_SUFFIX}
          </Form.Text>
        </Form.Group>
        <ParameterBoundsFields state={state} store={store} disabled={running} />
        <OutputOptions state={state} store={store} disabled={running} />
        <MethodPanel />
        {!isDefault && state.grouping.length > 0 && (
          <Alert variant="info" className="py-2">
            {NON_DEFAULT_GROUPING_NOTE}
          </Alert>
        )}
        {merged.length > 0 && (
          <Alert variant="warning" className="py-2" data-testid="ed50-merge-warning">
            {merged.map((split) => (
              <p key={split.column} className="mb-0">
                {mergedGenotypesNote(split)}
              </p>
            ))}
          </Alert>
        )}
        {state.grouping.length === 0 && (
          <p className="text-danger" role="alert">
            Choose at least one column to group by.
          </p>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button type="submit" disabled={running || state.grouping.length === 0}>
            {COMPUTE_LABEL}
          </Button>
          {running && (
            <Button variant="outline-secondary" onClick={() => store.cancel()}>
              Cancel
            </Button>
          )}
        </div>
      </Form>
      {state.progress && <Progress done={state.progress.done} total={state.progress.total} />}
      {state.computeError && (
        <Alert variant="danger" className="mt-3">
          The computation failed: {state.computeError}
        </Alert>
      )}
    </section>
  );
}

/** What the results carry beyond CBASSED50's: intervals with the joint fit, unrounded values. */
function OutputOptions({
  state,
  store,
  disabled,
}: {
  state: CalculatorState;
  store: CalculatorStore;
  disabled: boolean;
}) {
  const perColony = state.fit === 'per-colony';
  return (
    <fieldset disabled={disabled} className="mb-2">
      <legend className="fs-6 fw-semibold mb-1">Output</legend>
      <Form.Check
        id="ed50-intervals"
        type="checkbox"
        label={INTERVALS_LABEL}
        // The fit per colony always has its intervals.
        checked={perColony || state.intervals}
        disabled={perColony}
        onChange={(event) => store.setIntervals(event.currentTarget.checked)}
        aria-describedby="ed50-intervals-help"
      />
      <Form.Text id="ed50-intervals-help" className="d-block mb-1">
        {INTERVALS_HELP}
      </Form.Text>
      <Form.Check
        id="ed50-unrounded"
        type="checkbox"
        label={UNROUNDED_LABEL}
        checked={state.unrounded}
        onChange={(event) => store.setUnrounded(event.currentTarget.checked)}
        aria-describedby="ed50-unrounded-help"
      />
      <Form.Text id="ed50-unrounded-help" className="d-block">
        {UNROUNDED_HELP}
      </Form.Text>
    </fieldset>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const known = total > 0;
  const percent = known ? Math.round((done / total) * 100) : 0;
  // Until the first group is done the amount is unknown: a full, moving bar without a value.
  return (
    <div className="mt-3">
      <div className="progress">
        <div
          className="progress-bar progress-bar-striped progress-bar-animated"
          role="progressbar"
          aria-label="Colonies fitted"
          aria-valuemin={0}
          aria-valuemax={100}
          {...(known
            ? { 'aria-valuenow': percent, 'aria-valuetext': `${done} of ${total} colonies fitted` }
            : {})}
          style={{ width: known ? `${percent}%` : '100%' }}
        />
      </div>
      <p className="small mt-1 mb-0" role="status">
        {known
          ? `Fitting colonies: ${done.toLocaleString('en-US')} of ${plural(total, 'colony', 'colonies')}…`
          : 'Starting the calculation…'}
      </p>
    </div>
  );
}
