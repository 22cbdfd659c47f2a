import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { LL3_PARAMETER_NAMES, type Ll3ParameterName } from '@coral/core/ed50';
import type { CalculatorState, CalculatorStore } from '../api/calculator-store';
import {
  boundsFromFields,
  fieldsOf,
  type BoundFields,
  type BoundSide,
} from '../utils/bounds-fields';

export const BOUNDS_LABEL = 'Limit the curve parameters (drc’s lowerl / upperl)';
export const BOUNDS_HELP =
  'Empty means no limit. b is the Hill slope (positive when the response falls with temperature: “Hill 20–100” is 20 and 100), d the maximum in the response’s units (e.g. Fv/Fm), e the ED50 in °C. With any limit drc fits with R’s L-BFGS-B instead of BFGS, so the numbers differ from CBASSED50’s even where no colony reaches a limit; colonies whose fit ends on a limit are noted. Bounded results can be downloaded, not uploaded.';
const PARAMETER_LABELS: Record<Ll3ParameterName, string> = {
  b: 'Hill slope (b)',
  d: 'Max (d)',
  e: 'ED50 (e, °C)',
};

/**
 * The Method panel's parameter bounds (decision 0034): drm's lowerl / upperl for the LL.3 fits,
 * joint or per colony. Hidden for the other model families, which take no bounds.
 */
export function ParameterBoundsFields({
  state,
  store,
  disabled,
}: {
  state: CalculatorState;
  store: CalculatorStore;
  disabled: boolean;
}) {
  const [enabled, setEnabled] = useState(state.bounds !== null || state.boundsError !== null);
  const [fields, setFields] = useState<BoundFields>(() => fieldsOf(state.bounds));
  if (state.model !== 'LL.3') return null;
  const update = (next: BoundFields) => {
    setFields(next);
    const { bounds, error } = boundsFromFields(next);
    store.setBounds(bounds, error);
  };
  const change = (side: BoundSide, name: Ll3ParameterName, text: string) =>
    update({ ...fields, [side]: { ...fields[side], [name]: text } });
  return (
    <Form.Group className="mb-2">
      <Form.Check
        type="switch"
        id="ed50-bounds"
        label={BOUNDS_LABEL}
        checked={enabled}
        disabled={disabled}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          setEnabled(on);
          if (on) update(fields);
          else store.setBounds(null, null);
        }}
      />
      {enabled && (
        <>
          <table className="table table-sm w-auto mb-1 mt-1">
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">Lower</th>
                <th scope="col">Upper</th>
              </tr>
            </thead>
            <tbody>
              {LL3_PARAMETER_NAMES.map((name) => (
                <tr key={name}>
                  <th scope="row" className="fw-normal">
                    {PARAMETER_LABELS[name]}
                  </th>
                  {(['lower', 'upper'] as const).map((side) => (
                    <td key={side}>
                      <Form.Control
                        size="sm"
                        inputMode="decimal"
                        style={{ width: '7rem' }}
                        aria-label={`${side === 'lower' ? 'Lower' : 'Upper'} bound of ${PARAMETER_LABELS[name]}`}
                        value={fields[side][name]}
                        disabled={disabled}
                        onChange={(event) => change(side, name, event.currentTarget.value)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <Form.Text className="d-block">{BOUNDS_HELP}</Form.Text>
          {state.boundsError && (
            <p className="text-danger small mb-0" role="alert">
              {state.boundsError}
            </p>
          )}
        </>
      )}
    </Form.Group>
  );
}
