/** What the raw data of one colony look like, before any fit. */
export interface ColonyStats {
  nObservations: number;
  /** Distinct temperatures, ascending. */
  temperatures: number[];
  minTemperature: number;
  maxTemperature: number;
  constantResponse: boolean;
  /** Mean response at the lowest and at the highest temperature. */
  meanAtLowest: number;
  meanAtHighest: number;
}

export function colonyStats(
  temperature: readonly number[],
  response: readonly number[],
): ColonyStats {
  const temperatures = [...new Set(temperature)].sort((a, b) => a - b);
  const lowest = temperatures[0] ?? NaN;
  const highest = temperatures[temperatures.length - 1] ?? NaN;
  const meanAt = (t: number): number => {
    let sum = 0;
    let count = 0;
    temperature.forEach((x, i) => {
      if (x === t) {
        sum += response[i]!;
        count++;
      }
    });
    return sum / count;
  };
  return {
    nObservations: temperature.length,
    temperatures,
    minTemperature: lowest,
    maxTemperature: highest,
    constantResponse: response.every((y) => y === response[0]),
    meanAtLowest: meanAt(lowest),
    meanAtHighest: meanAt(highest),
  };
}
