import {
  ANALYSES_R_ARCHIVE,
  mmmKeys,
  P_ADJUST_METHODS,
  type PAdjustMethod,
} from '@coral/core/analysis';
import { PLAUSIBLE_MMM_RANGE_C } from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useMemo } from 'react';
import { saveFile } from '@/lib/save-file';
import { AnalysisReport } from '@/components/analysis-report/analysis-report';
import { ScrollableTable } from '@/components/scrollable-table';
import type { CalculatorState, CalculatorStore } from '../api/calculator-store';
import {
  mmmFromDraft,
  sameMmm,
  type AnalysisChoices,
  type MmmDraft,
} from '../utils/analysis-choices';
import type { CalculatorResult } from '../worker/protocol';

export const ANALYSES_HEADING = '5. Analyses';
export const ANALYSES_BUTTON = 'Run the analyses';
export const ANALYSES_FILE_NAME = 'ED_analyses.csv';
export const MMM_LEGEND = 'Maximum monthly mean (MMM) per site (optional)';
export const MMM_FILE_LABEL = 'MMM file (CSV)';
export const MMM_HINT = `With an MMM for every site (the mean sea-surface temperature of the warmest month, in °C, e.g. from NOAA Coral Reef Watch; ${PLAUSIBLE_MMM_RANGE_C.min}–${PLAUSIBLE_MMM_RANGE_C.max} °C), the analyses add each colony’s thermal tolerance relative to it (ED − MMM) and the regression of ED on MMM across colonies and across sites. Type them below, or load a CSV file with a Site column and an MMM column (the file the command line’s --mmm takes). Leave them empty to run without.`;

/** What each of R's p.adjust methods is called on the page. */
const P_ADJUST_LABELS: Record<PAdjustMethod, string> = {
  holm: 'Holm (R’s default)',
  BH: 'Benjamini–Hochberg (false discovery rate)',
  bonferroni: 'Bonferroni',
  none: 'None',
};

const sameChoices = (a: AnalysisChoices, b: AnalysisChoices) =>
  a.pAdjust === b.pAdjust &&
  sameMmm(a.mmm, b.mmm) &&
  a.factors.length === b.factors.length &&
  a.factors.every((factor, i) => factor === b.factors[i]);

/**
 * Step 5 (decision 0068): the post-fit analyses of the colonies' EDs (decision 0061), computed in
 * the calculator's worker, with the choices `ed50 --analyses` takes (factors, p adjustment), the
 * tables of the shared analysis report, and the CLI's analyses table and R script as downloads.
 */
export function AnalysesStep({ state, store }: { state: CalculatorState; store: CalculatorStore }) {
  const result = state.result!;
  const { choices, running, error, result: analysed } = state.analysis;
  const grouping = result.computation.grouping;
  const groupLabel = useGroupLabel(result);
  const mmmDraft = store.mmmDraft()!;
  // What the table as typed would run with (null when it cannot run: then it differs).
  const typed = mmmFromDraft(result.computation, mmmDraft);
  const current: AnalysisChoices = {
    ...choices,
    mmm: typed.problems.length > 0 ? undefinedMmm : typed.table,
  };
  const setFactor = (factor: string, on: boolean) =>
    store.setAnalysisChoices({
      ...choices,
      // In the grouping's order, whatever the click order (the order names the ANOVA's terms).
      factors: grouping.filter((column) =>
        column === factor ? on : choices.factors.includes(column),
      ),
    });
  return (
    <section aria-labelledby="ed50-analyses-heading" className="mb-4">
      <h2 id="ed50-analyses-heading" className="h4">
        {ANALYSES_HEADING}
      </h2>
      <p>
        What CBASS papers do next with the colonies’ EDs, as R gives it: Welch’s ANOVA and Levene’s
        test between the groups, pairwise Wilcoxon tests with adjusted p values and compact letters,
        and, with one or two factors, the factorial ANOVA (type II and III), marginal means with
        Tukey contrasts and the screening of influential colonies by Cook’s distance. Computed in
        your browser on the {result.method.unrounded ? 'full-precision' : '2-decimal'} EDs of step
        4.
      </p>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void store.analyse();
        }}
      >
        <fieldset disabled={running} className="mb-2">
          <legend className="fs-6 fw-semibold mb-1">Factors (none, one or two)</legend>
          <div className="d-flex flex-wrap gap-3">
            {grouping.map((column) => (
              <Form.Check
                key={column}
                id={`ed50-factor-${column}`}
                type="checkbox"
                label={column}
                checked={choices.factors.includes(column)}
                onChange={(event) => setFactor(column, event.currentTarget.checked)}
              />
            ))}
          </div>
          <Form.Text className="d-block">
            The grouping columns of step 3. Without a factor, only the tests between the groups are
            run.
          </Form.Text>
        </fieldset>
        <Form.Group className="mb-2" controlId="ed50-p-adjust">
          <Form.Label className="fw-semibold mb-1">
            p-value adjustment of the Wilcoxon tests
          </Form.Label>
          <Form.Select
            // mw-100: the longest method's name is wider than a phone.
            className="w-auto mw-100"
            value={choices.pAdjust}
            disabled={running}
            onChange={(event) =>
              store.setAnalysisChoices({
                ...choices,
                pAdjust: event.currentTarget.value as PAdjustMethod,
              })
            }
          >
            {P_ADJUST_METHODS.map((method) => (
              <option key={method} value={method}>
                {P_ADJUST_LABELS[method]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <MmmFields
          draft={mmmDraft}
          keys={mmmKeys(result.computation, mmmDraft.column)}
          grouping={grouping}
          problems={state.analysis.mmmProblems}
          disabled={running}
          store={store}
        />
        <Button type="submit" disabled={running}>
          {running ? 'Running the analyses…' : ANALYSES_BUTTON}
        </Button>
        {running && (
          <span className="ms-2 small" role="status">
            Running the analyses…
          </span>
        )}
      </Form>
      {error && (
        <Alert variant="danger" className="mt-3" data-testid="ed50-analyses-error">
          {error}
        </Alert>
      )}
      {analysed && (
        <div className="mt-3">
          {!sameChoices(analysed.choices, current) && (
            <Alert variant="info" className="small">
              The tables below are of the choices run last; “{ANALYSES_BUTTON}” applies yours.
            </Alert>
          )}
          <p className="small">
            Factors:{' '}
            {analysed.choices.factors.length > 0 ? analysed.choices.factors.join(' × ') : 'none'};
            Wilcoxon p values adjusted by {P_ADJUST_LABELS[analysed.choices.pAdjust]};{' '}
            {analysed.choices.mmm
              ? `MMM given for ${analysed.choices.mmm.mmm.size} ${analysed.choices.mmm.column} values`
              : 'no MMM'}
            . Computed in {(analysed.elapsedMs / 1000).toFixed(1)} s.
          </p>
          <div className="d-flex flex-wrap gap-2 mb-2">
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() =>
                saveFile(
                  new Blob([analysed.csv], { type: 'text/csv;charset=utf-8' }),
                  ANALYSES_FILE_NAME,
                )
              }
            >
              Download {ANALYSES_FILE_NAME}
            </Button>
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() =>
                saveFile(
                  new Blob([new Uint8Array(analysed.rArchive)], { type: 'application/zip' }),
                  ANALYSES_R_ARCHIVE,
                )
              }
            >
              Download the R script ({ANALYSES_R_ARCHIVE})
            </Button>
          </div>
          <p className="small text-body-secondary">
            {ANALYSES_FILE_NAME} holds every analysis of ED5, ED50 and ED95 at full precision (and
            drc’s compParm between the groups’ curves
            {analysed.curvesReason ? `, not computed here: ${analysed.curvesReason}` : ''}), as the
            command line’s <code>ed50 --analyses</code> writes it. {ANALYSES_R_ARCHIVE} holds
            analyses.R with its input data (the colonies’ EDs
            {analysed.mmm ? ' and the MMMs, mmm.csv' : ''}): unpacked,{' '}
            <code>Rscript analyses.R</code> re-runs every analysis with R’s car, emmeans and
            multcompView and writes the same table.
          </p>
          <AnalysisReport analyses={analysed.analyses} groupLabel={groupLabel} mmm={analysed.mmm} />
        </div>
      )}
    </section>
  );
}

/** A marker that the typed MMMs cannot run: never equal to the MMMs last run. */
const undefinedMmm = { column: '\u0000', mmm: new Map<string, number>() };

/**
 * The MMM per site (decision 0068): a grouping column to give it per (Site by default), a file in
 * the CLI's `--mmm` format, or the values typed in a table of the data's sites. Problems (core's
 * rules) stand in an alert next to the fields; nothing changes until they are fixed.
 */
function MmmFields({
  draft,
  keys,
  grouping,
  problems,
  disabled,
  store,
}: {
  draft: MmmDraft;
  keys: string[];
  grouping: string[];
  problems: string[];
  disabled: boolean;
  store: CalculatorStore;
}) {
  const { column } = draft;
  const filled = keys.some((key) => (draft.cells[key] ?? '').trim() !== '');
  return (
    <fieldset disabled={disabled} className="mb-3" aria-describedby="ed50-mmm-hint">
      <legend className="fs-6 fw-semibold mb-1">{MMM_LEGEND}</legend>
      <Form.Text id="ed50-mmm-hint" className="d-block mb-2">
        {MMM_HINT}
      </Form.Text>
      <div className="d-flex flex-wrap gap-3 align-items-end mb-2">
        {grouping.length > 1 && (
          <Form.Group controlId="ed50-mmm-column">
            <Form.Label className="small mb-1">MMM per</Form.Label>
            <Form.Select
              size="sm"
              className="w-auto"
              value={column}
              onChange={(event) => store.setMmmColumn(event.currentTarget.value)}
            >
              {grouping.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Form.Group controlId="ed50-mmm-file">
          <Form.Label className="small mb-1">{MMM_FILE_LABEL}</Form.Label>
          <Form.Control
            type="file"
            size="sm"
            accept=".csv,text/csv"
            onChange={(event) => {
              const input = event.currentTarget as HTMLInputElement;
              const file = input.files?.[0];
              // The same file can be chosen again after it is fixed.
              input.value = '';
              if (file) void store.loadMmmFile(file);
            }}
          />
        </Form.Group>
        {filled && (
          <Button variant="outline-secondary" size="sm" onClick={() => store.clearMmm()}>
            Clear the MMMs
          </Button>
        )}
      </div>
      {problems.length > 0 && (
        <Alert variant="danger" className="small py-2" role="alert" data-testid="ed50-mmm-error">
          <ul className="mb-0 ps-3">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}
      <ScrollableTable label={`MMM per ${column}`} size="sm" bordered className="small w-auto">
        <thead>
          <tr>
            <th scope="col">{column}</th>
            <th scope="col">MMM, °C</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key}>
              <th scope="row" className="fw-normal">
                {key === '' ? '(empty)' : key}
              </th>
              <td>
                <Form.Control
                  size="sm"
                  inputMode="decimal"
                  autoComplete="off"
                  className="ed50-mmm-input"
                  aria-label={`MMM of ${key === '' ? 'the empty ' + column : key} (°C)`}
                  value={draft.cells[key] ?? ''}
                  onChange={(event) => store.setMmm(key, event.currentTarget.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    </fieldset>
  );
}

/** A group's name as the calculator's tables write it: its grouping values joined by " · ". */
function useGroupLabel(result: CalculatorResult) {
  return useMemo(() => {
    const { groups, grouping } = result.computation;
    const names = new Map(
      groups.map((group) => [
        group.groupingProperty,
        grouping.map((column) => group.groupValues[column] ?? '').join(' · '),
      ]),
    );
    return (name: string) => names.get(name) ?? name;
  }, [result]);
}
