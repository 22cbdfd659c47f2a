import { ANALYSES_R_ARCHIVE, P_ADJUST_METHODS, type PAdjustMethod } from '@coral/core/analysis';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useMemo } from 'react';
import { saveFile } from '@/lib/save-file';
import { AnalysisReport } from '@/components/analysis-report/analysis-report';
import type { CalculatorState, CalculatorStore } from '../api/calculator-store';
import type { AnalysisChoices } from '../utils/analysis-choices';
import type { CalculatorResult } from '../worker/protocol';

export const ANALYSES_HEADING = '5. Analyses';
export const ANALYSES_BUTTON = 'Run the analyses';
export const ANALYSES_FILE_NAME = 'ED_analyses.csv';
export const ANALYSES_MMM_NOTE =
  'Thermal tolerance relative to the maximum monthly mean (ED − MMM) and its regression on MMM need an MMM per site, which this page does not take yet: the command line’s ed50 --analyses … --mmm <file> computes them.';

/** What each of R's p.adjust methods is called on the page. */
const P_ADJUST_LABELS: Record<PAdjustMethod, string> = {
  holm: 'Holm (R’s default)',
  BH: 'Benjamini–Hochberg (false discovery rate)',
  bonferroni: 'Bonferroni',
  none: 'None',
};

const sameChoices = (a: AnalysisChoices, b: AnalysisChoices) =>
  a.pAdjust === b.pAdjust &&
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
        <p className="small text-body-secondary">{ANALYSES_MMM_NOTE}</p>
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
          {!sameChoices(analysed.choices, choices) && (
            <Alert variant="info" className="small">
              The tables below are of the choices run last; “{ANALYSES_BUTTON}” applies yours.
            </Alert>
          )}
          <p className="small">
            Factors:{' '}
            {analysed.choices.factors.length > 0 ? analysed.choices.factors.join(' × ') : 'none'};
            Wilcoxon p values adjusted by {P_ADJUST_LABELS[analysed.choices.pAdjust]}. Computed in{' '}
            {(analysed.elapsedMs / 1000).toFixed(1)} s.
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
            analyses.R with its input data (the colonies’ EDs): unpacked,{' '}
            <code>Rscript analyses.R</code> re-runs every analysis with R’s car, emmeans and
            multcompView and writes the same table.
          </p>
          <AnalysisReport analyses={analysed.analyses} groupLabel={groupLabel} />
        </div>
      )}
    </section>
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
