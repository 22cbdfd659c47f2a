import Container from 'react-bootstrap/Container';
import { PageTitle } from '@/components/page-title';
import { calculatorStore, useCalculator } from '../api/calculator-store';
import { ED_KINDS_IN_WORDS } from '../utils/ed-display';
import { AnalysesStep } from './analyses-step';
import { ChooseData } from './choose-data';
import { ComputeStep } from './compute-step';
import { FileCheckView } from './file-check';
import { Results } from './results';
import './ed50.css';

export const ED50_TITLE = 'ED50 Calculator';
export const ED50_LEAD = `${ED_KINDS_IN_WORDS} of CBASS thermal-tolerance assays, computed in your browser the way the R package CBASSED50 computes them. Your data stay on your computer: nothing is uploaded or stored.`;

/**
 * /ed50 (decision 0010; also the home of the ED50_PORT listener): choose a raw CBASS file → check it →
 * choose the grouping → compute in a Web Worker → tables, plots, downloads and the hand-over to
 * the upload page. Works logged out.
 */
export function Ed50Page() {
  const state = useCalculator();
  return (
    <Container className="py-4 ed50-page">
      <PageTitle title={ED50_TITLE} />
      <h1 className="h2">{ED50_TITLE}</h1>
      <p className="lead mb-4">{ED50_LEAD}</p>
      <ChooseData state={state} store={calculatorStore} />
      {(state.checking || state.check || state.checkError) && <FileCheckView state={state} />}
      {state.check?.canCompute && <ComputeStep state={state} store={calculatorStore} />}
      {state.result && state.file && <Results result={state.result} file={state.file} />}
      {state.result && state.file && state.result.computation.colonies.length > 0 && (
        <AnalysesStep state={state} store={calculatorStore} />
      )}
    </Container>
  );
}
