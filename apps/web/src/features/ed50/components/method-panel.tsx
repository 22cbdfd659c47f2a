import { ED_MODELS, MODEL_FAMILIES } from '@coral/core/ed50';

export const METHOD_PANEL_SUMMARY = 'What the methods and models mean';

/** A reference the repository can vouch for (decision 0035: no study is named without one). */
interface Reference {
  label: string;
  doi: string;
}

const CBASSED50: Reference = {
  label: 'CBASSED50, Iakovleva, Colin & Voolstra 2025',
  doi: '10.5281/zenodo.8370644',
};
const EVENSEN_2023: Reference = {
  label: 'Evensen et al. 2023, L&O Methods',
  doi: '10.1002/lom3.10555',
};
/**
 * Fitted one dose-response curve per colony (229 colonies of Acropora cervicornis): "Analysis of
 * heat stress dose–response curves for each colony" (its abstract; also BCO-DMO dataset 920653).
 */
const CUNNING_2021: Reference = {
  label: 'Cunning et al. 2021, Proc. R. Soc. B',
  doi: '10.1098/rspb.2021.1613',
};
const DRC: Reference = {
  label: 'drc, Ritz et al. 2015, PLoS ONE',
  doi: '10.1371/journal.pone.0146021',
};

/**
 * Every choice of the Method and Model selects in plain words (decision 0035),
 * with the study that used it where the repository can name one: CBASSED50's joint LL.3 fit
 * (its package and Evensen et al. 2023), the fit per colony (Cunning et al. 2021); every choice
 * is computed as drc does it (Ritz et al. 2015).
 */
export const METHOD_CHOICES: readonly Choice[] = [
  {
    name: 'Joint fit per group (the default)',
    text: 'All colonies of a group are fitted in one calculation, each with its own curve, exactly as the CBASSED50 R package does it. The results equal CBASSED50’s and can be uploaded.',
    usedBy: [CBASSED50],
    computedWith: [DRC],
  },
  {
    name: 'One fit per colony',
    text: 'Each colony’s curve is fitted from its own measurements only, so one colony cannot pull on another’s fit. Each ED then comes with a standard error and a 95 % interval. Useful when a joint fit collapsed for a colony, or to compare; the numbers differ from CBASSED50’s.',
    usedBy: [CUNNING_2021],
    computedWith: [DRC],
  },
  {
    name: '95 % intervals',
    text: 'How precisely the fitted curve fixes each ED value: its standard error, and the range that holds the true value with 95 % confidence if the model is right (drc’s delta method). A colony with no more measurements than curve parameters has none (for example LL.4 on 4 temperatures).',
    usedBy: [],
    computedWith: [DRC],
  },
];

interface Choice {
  name: string;
  text: string;
  /** Studies that used the choice, only where the repository can vouch for it. */
  usedBy: Reference[];
  /** The software whose computation is reproduced. */
  computedWith: Reference[];
}

const MODEL_CHOICES: readonly Choice[] = ED_MODELS.map((model) => ({
  name: `Model ${MODEL_FAMILIES[model].label}`,
  text: MODEL_FAMILIES[model].description,
  usedBy: model === 'LL.3' ? [CBASSED50, EVENSEN_2023] : [],
  computedWith: [DRC],
}));

function ReferenceLinks({ lead, references }: { lead: string; references: readonly Reference[] }) {
  if (references.length === 0) return null;
  return (
    <>
      {` ${lead}: `}
      {references.map((reference, i) => (
        <span key={reference.doi}>
          {i > 0 && '; '}
          <a href={`https://doi.org/${reference.doi}`} target="_blank" rel="noreferrer">
            {reference.label}
          </a>
        </span>
      ))}
      .
    </>
  );
}

/** The Method panel: a collapsible explanation under the Method and Model selects. */
export function MethodPanel() {
  return (
    <details className="mb-3 small" aria-label="Methods explained">
      <summary>{METHOD_PANEL_SUMMARY}</summary>
      <dl className="mt-2 mb-0">
        {[...METHOD_CHOICES, ...MODEL_CHOICES].map((choice) => (
          <div key={choice.name}>
            <dt>{choice.name}</dt>
            <dd>
              {choice.text}
              <ReferenceLinks lead="Used by" references={choice.usedBy} />
              <ReferenceLinks lead="Computed as in" references={choice.computedWith} />
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
