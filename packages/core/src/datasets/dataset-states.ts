/**
 * THE TABLE OF DATASET-VERSION STATES (docs/decisions/0012-datasets.md,
 * docs/decisions/0046-dataset-states.md). Which states are open, public, editable and where each
 * action leads is written here once; the lifecycle rules, the server's queries (as parameters),
 * the visibility of rows, the review queue and the web's badges read it. A new state is one entry
 * here and a migration widening the `dataset_versions.state` CHECK (and its line in
 * `migrations/index.ts`).
 */

/** What may change in a version: everything, only its description, or nothing. */
export type EditableLevel = 'all' | 'descriptive' | 'none';

/** The changes of state a version can undergo; `discard` deletes it (no state follows). */
export type DatasetTransition = 'submit' | 'approve' | 'reject' | 'release' | 'discard';

/** How a badge shows a state, by meaning (the web maps each to its colours). */
export type StateTone = 'neutral' | 'info' | 'success' | 'danger' | 'warning';

/** What a state is, apart from where its actions lead. */
interface DatasetStateFacts {
  /** The state in a sentence ("this one is in review") and, capitalised, on its badge. */
  label: string;
  tone: StateTone;
  /** Still being prepared: a dataset has at most one open version. */
  open: boolean;
  /** Anyone may see the version (its page, metadata and citation). */
  public: boolean;
  /** Anyone may read its data (map, lists, downloads) while the dataset is not withdrawn. */
  publicData: boolean;
  editable: EditableLevel;
}

export interface DatasetStateSpec extends DatasetStateFacts {
  /** Where each action the state allows leads (null: the version is deleted). */
  transitions: Readonly<Partial<Record<DatasetTransition, DatasetVersionState | null>>>;
}

const STATES = {
  draft: {
    label: 'draft',
    tone: 'neutral',
    open: true,
    public: false,
    publicData: false,
    editable: 'all',
    transitions: { submit: 'in_review', discard: null },
  },
  in_review: {
    label: 'in review',
    tone: 'info',
    open: true,
    public: false,
    publicData: false,
    editable: 'none',
    // An approval while the embargo date is ahead leads to `embargoed` (approvedState).
    transitions: { approve: 'published', reject: 'rejected' },
  },
  rejected: {
    label: 'rejected',
    tone: 'danger',
    open: true,
    public: false,
    publicData: false,
    editable: 'all',
    transitions: { submit: 'in_review', discard: null },
  },
  published: {
    label: 'published',
    tone: 'success',
    open: false,
    public: true,
    publicData: true,
    editable: 'descriptive',
    transitions: {},
  },
  embargoed: {
    label: 'embargoed',
    tone: 'warning',
    open: false,
    public: true,
    publicData: false,
    editable: 'descriptive',
    // The platform releases it when its embargo date has come.
    transitions: { release: 'published' },
  },
} as const satisfies Record<string, DatasetStateFacts & { transitions: object }>;

export type DatasetVersionState = keyof typeof STATES;

/** Every state's spec, in the order a version usually passes them (targets checked here). */
export const DATASET_STATES: Readonly<Record<DatasetVersionState, DatasetStateSpec>> = STATES;

/** The state ids, for the API contract's enum and the database's CHECK (tested). */
export const DATASET_VERSION_STATES = Object.keys(STATES) as [
  DatasetVersionState,
  ...DatasetVersionState[],
];

/** The states whose spec passes `test`, in table order: what queries take as parameters. */
export const statesWhere = (
  test: (spec: DatasetStateSpec) => boolean,
): readonly DatasetVersionState[] => DATASET_VERSION_STATES.filter((s) => test(DATASET_STATES[s]));

/** States whose data anyone may read (published) or whose metadata anyone may read (embargoed). */
export const PUBLIC_STATES = statesWhere((spec) => spec.public);
/** States whose data anyone may read. */
export const PUBLIC_DATA_STATES = statesWhere((spec) => spec.publicData);
/** States of a version still being prepared: at most one per dataset. */
export const OPEN_STATES = statesWhere((spec) => spec.open);

/** Whether a version in `state` can undergo `transition`. */
export const allowsTransition = (state: DatasetVersionState, transition: DatasetTransition) =>
  DATASET_STATES[state].transitions[transition] !== undefined;

/** The states from which `transition` is possible. */
export const statesAllowing = (transition: DatasetTransition) =>
  statesWhere((spec) => spec.transitions[transition] !== undefined);

/**
 * Where `transition` takes a version in `state`. Only asked after the lifecycle rules allowed
 * it (or a query selected versions that allow it): anything else is a bug, not a user's mistake.
 */
export function transitionTarget(
  state: DatasetVersionState,
  transition: Exclude<DatasetTransition, 'discard'>,
): DatasetVersionState {
  const target = DATASET_STATES[state].transitions[transition];
  if (!target) throw new Error(`A ${state} version cannot be ${transition}d`);
  return target;
}

/** "draft", "in review": a state as a sentence names it. */
export const stateLabel = (state: DatasetVersionState) => DATASET_STATES[state].label;
