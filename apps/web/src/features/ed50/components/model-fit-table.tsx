import { ScrollableTable } from '@/components/scrollable-table';
import type { CalculatorResult } from '../worker/protocol';

export const MODEL_FIT_HEADING = 'Model fit by group (AIC)';

/**
 * Each group's joint fit as a whole (decision 0030): its drc model, and R's logLik and AIC of
 * the fit, to compare model families on the same groups. Not shown for the one fit per colony,
 * which has no group-level fit.
 */
export function ModelFitTable({ result }: { result: CalculatorResult }) {
  const { computation, summaryOrder } = result;
  const groups = summaryOrder.map((index) => computation.groups[index]!);
  if (!groups.some((group) => group.modelFit !== null)) return null;
  return (
    <>
      <h3 className="h5 mt-4" id="ed50-model-fit-heading">
        {MODEL_FIT_HEADING}
      </h3>
      <p className="small text-body-secondary">
        AIC of each group’s joint fit with {computation.model}, as R’s AIC() gives it for the drc
        fit (lower is better; compare models on the same group only, by computing the file with each
        model).
      </p>
      <ScrollableTable
        label={MODEL_FIT_HEADING}
        size="sm"
        bordered
        className="ed50-model-fit-table small"
      >
        <thead>
          <tr>
            {computation.grouping.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
            <th scope="col">Model</th>
            <th scope="col" className="text-end">
              Colonies
            </th>
            <th scope="col" className="text-end">
              Rows
            </th>
            <th scope="col" className="text-end">
              Parameters
            </th>
            <th scope="col" className="text-end">
              logLik
            </th>
            <th scope="col" className="text-end">
              AIC
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => {
            const fit = group.modelFit;
            return (
              <tr key={`${group.groupingProperty}-${JSON.stringify(group.groupValues)}`}>
                {computation.grouping.map((column, i) =>
                  i === 0 ? (
                    <th scope="row" key={column} className="fw-normal">
                      {group.groupValues[column]}
                    </th>
                  ) : (
                    <td key={column}>{group.groupValues[column]}</td>
                  ),
                )}
                {fit === null ? (
                  <td colSpan={6}>Not fitted</td>
                ) : (
                  <>
                    <td>{fit.model}</td>
                    <td className="text-end">{fit.colonyCount}</td>
                    <td className="text-end">{fit.observationCount}</td>
                    <td className="text-end">{fit.parameterCount + 1}</td>
                    <td className="text-end">{fit.logLik.toFixed(2)}</td>
                    <td className="text-end">{fit.aic.toFixed(2)}</td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </ScrollableTable>
    </>
  );
}
