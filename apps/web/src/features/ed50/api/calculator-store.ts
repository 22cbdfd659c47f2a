import type { EdFitMode, EdModel, ParameterBounds } from '@coral/core/ed50';
import { useSyncExternalStore } from 'react';
import {
  analysisChoicesProblem,
  DEFAULT_ANALYSIS_CHOICES,
  defaultMmmColumn,
  mmmDraftFromFile,
  mmmFromDraft,
  type AnalysisChoices,
  type MmmDraft,
} from '../utils/analysis-choices';
import { type AnalysesResult, type CalculatorResult, type FileCheck } from '../worker/protocol';
import { CancelledError, createEdEngine, type EdEngine } from './ed-engine';

export type DataSource = 'file' | 'example';

/** Everything the calculator page shows. Kept outside the page, so it survives navigation. */
export interface CalculatorState {
  file: File | null;
  source: DataSource | null;
  checking: boolean;
  check: FileCheck | null;
  /** The file could not be read at all. */
  checkError: string | null;
  grouping: string[];
  /** The Method: CBASSED50's joint fit per group (default) or one fit per colony. */
  fit: EdFitMode;
  /** drc's model family of either fit (LL.3, CBASSED50's, by default; decisions 0030, 0035). */
  model: EdModel;
  /**
   * drm's parameter limits for the LL.3 fits (decision 0034), null for none; `boundsError` says
   * what is wrong with the limits typed (then nothing is computed).
   */
  bounds: ParameterBounds | null;
  boundsError: string | null;
  /** Delta-method SEs and 95 % intervals with the joint fit too (the per-colony fit always has them). */
  intervals: boolean;
  /** Full-precision values in the downloads and the group comparison (the CLI's --unrounded). */
  unrounded: boolean;
  /** Colonies fitted so far while a computation runs; null when none runs. */
  progress: { done: number; total: number } | null;
  result: CalculatorResult | null;
  computeError: string | null;
  /** The post-fit analyses of the result (decision 0068): the choices, what runs, what came out. */
  analysis: AnalysisState;
}

export interface AnalysisState {
  /** Factors and p adjustment; the MMM table is read from `mmm` when the analyses are run. */
  choices: AnalysisChoices;
  /** The MMMs typed or loaded (null: none yet, per the default column). */
  mmm: MmmDraft | null;
  /** Why the MMMs typed, or the MMM file loaded, cannot be used; nothing changed. */
  mmmProblems: string[];
  running: boolean;
  /** Of the current result only; a new result clears it. */
  result: AnalysesResult | null;
  /** Why the choices were refused or the analyses failed; the shown analyses stay as they were. */
  error: string | null;
}

const NO_ANALYSIS: AnalysisState = {
  choices: DEFAULT_ANALYSIS_CHOICES,
  mmm: null,
  mmmProblems: [],
  running: false,
  result: null,
  error: null,
};

const EMPTY: CalculatorState = {
  file: null,
  source: null,
  checking: false,
  check: null,
  checkError: null,
  grouping: [],
  fit: 'joint',
  model: 'LL.3',
  bounds: null,
  boundsError: null,
  intervals: false,
  unrounded: false,
  progress: null,
  result: null,
  computeError: null,
  analysis: NO_ANALYSIS,
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The calculator's state machine: choose a file → check it (worker) → choose the grouping →
 * compute (worker, with progress) → results. Nothing leaves the browser. The state lives in
 * memory for the tab's lifetime, so a visit to the login page and back keeps the results.
 */
export class CalculatorStore {
  private state: CalculatorState = EMPTY;
  private readonly listeners = new Set<() => void>();
  /** Bumped by every new file, so answers about an earlier file are ignored. */
  private generation = 0;
  private engineInstance: EdEngine | null = null;

  constructor(private readonly engineFactory: () => EdEngine = () => createEdEngine()) {}

  private get engine(): EdEngine {
    this.engineInstance ??= this.engineFactory();
    return this.engineInstance;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.state;

  private set(patch: Partial<CalculatorState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  async chooseFile(file: File, source: DataSource = 'file'): Promise<void> {
    this.engineInstance?.cancel();
    const generation = ++this.generation;
    // The chosen Method stays for the next file.
    this.set({
      ...EMPTY,
      fit: this.state.fit,
      model: this.state.model,
      bounds: this.state.bounds,
      boundsError: this.state.boundsError,
      intervals: this.state.intervals,
      unrounded: this.state.unrounded,
      file,
      source,
      checking: true,
    });
    try {
      const check = await this.engine.check(file, file.name);
      if (generation !== this.generation) return;
      this.set({
        checking: false,
        check,
        grouping: check.defaultGrouping.filter((column) => check.groupingOptions.includes(column)),
      });
    } catch (error) {
      if (generation !== this.generation || error instanceof CancelledError) return;
      this.set({ checking: false, checkError: messageOf(error) });
    }
  }

  setGrouping(grouping: readonly string[]): void {
    const options = this.state.check?.groupingOptions ?? [];
    // Keep the order of the options (CBASSED50's order first), whatever the click order.
    this.set({
      grouping: options.filter((column) => grouping.includes(column)),
      computeError: null,
    });
  }

  setFit(fit: EdFitMode): void {
    this.set({ fit, computeError: null });
  }

  setModel(model: EdModel): void {
    this.set({ model, computeError: null });
  }

  setBounds(bounds: ParameterBounds | null, boundsError: string | null = null): void {
    this.set({ bounds, boundsError, computeError: null });
  }

  setIntervals(intervals: boolean): void {
    this.set({ intervals, computeError: null });
  }

  setUnrounded(unrounded: boolean): void {
    this.set({ unrounded, computeError: null });
  }

  async compute(): Promise<void> {
    const {
      file,
      check,
      grouping,
      fit,
      model,
      bounds,
      boundsError,
      intervals,
      unrounded,
      progress,
    } = this.state;
    if (!file || !check?.canCompute || progress || grouping.length === 0) return;
    if (boundsError) {
      this.set({ computeError: boundsError });
      return;
    }
    // drc's bounds are LL.3's (decision 0034), for either fit.
    const bounded = bounds && model === 'LL.3' ? bounds : null;
    const generation = this.generation;
    this.set({
      progress: { done: 0, total: 0 },
      result: null,
      computeError: null,
      analysis: {
        ...NO_ANALYSIS,
        choices: this.state.analysis.choices,
        mmm: this.state.analysis.mmm,
      },
    });
    try {
      const result = await this.engine.compute(
        file,
        grouping,
        (done, total) => {
          if (generation === this.generation) this.set({ progress: { done, total } });
        },
        { fit, model, ...(bounded ? { bounds: bounded } : {}), intervals, unrounded },
      );
      if (generation !== this.generation) return;
      this.set({ progress: null, result });
    } catch (error) {
      if (generation !== this.generation) return;
      this.set({
        progress: null,
        computeError: error instanceof CancelledError ? null : messageOf(error),
      });
    }
  }

  setAnalysisChoices(choices: AnalysisChoices): void {
    this.set({ analysis: { ...this.state.analysis, choices, error: null } });
  }

  /** The MMMs being typed, per the result's grouping column they are per (decision 0068). */
  mmmDraft(): MmmDraft | null {
    const { result, analysis } = this.state;
    if (!result) return null;
    const { grouping } = result.computation;
    return analysis.mmm && grouping.includes(analysis.mmm.column)
      ? analysis.mmm
      : { column: defaultMmmColumn(result.computation), cells: {} };
  }

  /** Types one value's MMM (the text as typed: it is read when the analyses run). */
  setMmm(key: string, text: string): void {
    const draft = this.mmmDraft();
    if (!draft) return;
    this.set({
      analysis: {
        ...this.state.analysis,
        mmm: { ...draft, cells: { ...draft.cells, [key]: text } },
        mmmProblems: [],
      },
    });
  }

  /** MMMs per another grouping column: the typed values are cleared. */
  setMmmColumn(column: string): void {
    this.set({
      analysis: { ...this.state.analysis, mmm: { column, cells: {} }, mmmProblems: [] },
    });
  }

  /** No MMM: the analyses run without ED − MMM. */
  clearMmm(): void {
    this.set({ analysis: { ...this.state.analysis, mmm: null, mmmProblems: [] } });
  }

  /**
   * Fills the MMM table from a file in the CLI's `--mmm` format. A file core refuses, or one that
   * names sites the data has not or misses some of its sites, changes nothing: its problems are
   * shown instead, prefixed by the file's name.
   */
  async loadMmmFile(file: File): Promise<void> {
    const { result } = this.state;
    if (!result) return;
    let read: ReturnType<typeof mmmDraftFromFile>;
    try {
      read = mmmDraftFromFile(result.computation, await file.text());
    } catch (error) {
      read = { draft: null, problems: [messageOf(error)] };
    }
    if (this.state.result !== result) return;
    this.set({
      analysis: {
        ...this.state.analysis,
        ...(read.draft
          ? { mmm: read.draft, mmmProblems: [] }
          : { mmmProblems: [`${file.name} cannot be used:`, ...read.problems] }),
      },
    });
  }

  /**
   * Runs the post-fit analyses of the current result in the worker (decision 0068). Factors or a
   * p adjustment core refuses get core's message, and the analyses shown stay as they were.
   */
  async analyse(): Promise<void> {
    const { file, result, analysis } = this.state;
    if (!file || !result || analysis.running) return;
    const draft = this.mmmDraft();
    const mmm = draft ? mmmFromDraft(result.computation, draft) : { table: null, problems: [] };
    if (mmm.problems.length > 0) {
      this.set({ analysis: { ...analysis, mmmProblems: mmm.problems } });
      return;
    }
    const choices = { ...analysis.choices, mmm: mmm.table };
    const refusal = analysisChoicesProblem(result.computation, choices);
    if (refusal) {
      this.set({ analysis: { ...analysis, error: refusal } });
      return;
    }
    const generation = this.generation;
    this.set({ analysis: { ...analysis, running: true, error: null, mmmProblems: [] } });
    try {
      const analysed = await this.engine.analyse(
        file,
        result.computation,
        choices,
        result.method.unrounded,
      );
      if (generation !== this.generation || this.state.result !== result) return;
      this.set({ analysis: { ...this.state.analysis, running: false, result: analysed } });
    } catch (error) {
      if (generation !== this.generation || this.state.result !== result) return;
      this.set({
        analysis: {
          ...this.state.analysis,
          running: false,
          error: error instanceof CancelledError ? null : messageOf(error),
        },
      });
    }
  }

  /** Stops a running computation; the file and its check stay. */
  cancel(): void {
    this.engineInstance?.cancel();
  }

  /** Back to the start (another file): stops whatever runs. */
  reset(): void {
    this.engineInstance?.cancel();
    this.generation++;
    this.set(EMPTY);
  }
}

export const calculatorStore = new CalculatorStore();

export function useCalculator(store: CalculatorStore = calculatorStore): CalculatorState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
