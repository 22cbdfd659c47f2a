import { describe, expect, it } from 'vitest';
import { prepareUpload } from './prepare-upload';
import { csv, datasheetText, STANDARD_HEADER, textFile, TODAY } from '../../test/upload-test-files';

function colony(
  name: string,
  ed50: number | string,
  points: [number, number][],
  [lat, lon]: [number, number] = [-18, 177],
) {
  return points.map(([t, pam]) => [
    'P',
    'Reef',
    '2022-01-01',
    name,
    'Acropora sp',
    'FJI',
    lat,
    lon,
    ed50,
    `${name}-${t}`,
    '',
    'Wild',
    t,
    420,
    pam,
    '',
    '',
    '',
  ]);
}

function flagsOf(rows: (string | number)[][]) {
  const result = prepareUpload(textFile('m.csv', csv([STANDARD_HEADER, ...rows])), null, {
    today: TODAY,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.plan.flags.map((f) => [f.code, f.colony]);
}

const falling: [number, number][] = [
  [30, 0.6],
  [33, 0.55],
  [36, 0.3],
  [39, 0.05],
];

describe('quality checks without the database', () => {
  it('flags few temperatures, a response that does not fall, extrapolated and implausible EDs', () => {
    const flags = flagsOf([
      ...colony('good', 35.9, falling),
      ...colony('three', 35, [
        [30, 0.6],
        [33, 0.5],
        [36, 0.2],
      ]),
      ...colony('flat', 36, [
        [30, 0.5],
        [33, 0.52],
        [36, 0.5],
        [39, 0.55],
      ]),
      ...colony('outside', 40.5, falling),
      ...colony('failed', 2365, falling),
    ]);
    expect(flags).toContainEqual(['fewer_than_4_temperatures', 'three']);
    expect(flags).toContainEqual(['response_does_not_fall', 'flat']);
    expect(flags).toContainEqual(['ed_outside_tested_range', 'outside']);
    expect(flags).toContainEqual(['implausible_value', 'failed']);
    expect(flags.filter(([, name]) => name === 'good').map(([code]) => code)).not.toContain(
      'fewer_than_4_temperatures',
    );
  });

  it('refits with the ED engine and flags an ED50 more than 0.5 °C away', () => {
    const lines = datasheetText('cbass_84.csv').split('\n');
    const shifted = lines
      .map((line) => (line.includes(',AF1,') ? line.replace(',36.91,', ',38.91,') : line))
      .join('\n');
    const result = prepareUpload(textFile('m.csv', shifted), null, { today: TODAY });
    if (!result.ok) throw new Error('refused');
    const flag = result.plan.flags.find((f) => f.code === 'refit_disagrees');
    expect(flag).toMatchObject({ colony: 'AF1', value: 38.91, row: 2 });
    expect(flag!.message).toMatch(
      /^Refitting the PAM data gives ED50 36\.\d\d °C, 2(\.\d+)? °C from the uploaded 38\.91 °C\.$/,
    );
  });

  it('reports when the refit was limited', () => {
    const result = prepareUpload(textFile('m.csv', datasheetText('cbass_84.csv')), null, {
      today: TODAY,
      refitMaxColonies: 7,
    });
    if (!result.ok) throw new Error('refused');
    expect(
      result.plan.flags.filter((f) => f.code === 'refit_skipped').map((f) => f.message),
    ).toEqual([
      'The refit checked 7 of 28 colonies (the first groups of the file); the others were not refitted.',
    ]);
  });
});

describe('coordinates far inland (decision 0022)', () => {
  const points: [number, number][] = [
    [30, 0.6],
    [33, 0.55],
    [36, 0.3],
    [39, 0.05],
  ];
  it('flags a colony in the German Alps, not one on a Fijian reef; both are imported', () => {
    const result = prepareUpload(
      textFile(
        'm.csv',
        csv([
          STANDARD_HEADER,
          ...colony('Alps1', 35.5, points, [47.42123, 10.98632]),
          ...colony('Reef1', 35.5, points, [-18.20583554, 177.6889888]),
        ]),
      ),
      null,
      { today: TODAY },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan.colonies).toHaveLength(2);
    const inland = result.plan.flags.filter((f) => f.code === 'far_inland');
    expect(inland).toEqual([expect.objectContaining({ colony: 'Alps1', row: 2, value: null })]);
    expect(inland[0]!.message).toMatch(
      /^Colony Alps1 lies on land, more than 5 km from the sea \(latitude 47\.42123, longitude 10\.98632, about \d+ km inland\)\. Check the coordinates/,
    );
  });

  it('colonies at one inland place are one flag, as MMM flags are (decision 0056)', () => {
    const alps: [number, number] = [47.42123, 10.98632];
    const result = prepareUpload(
      textFile(
        'm.csv',
        csv([
          STANDARD_HEADER,
          ...colony('Alps1', 35.5, points, alps),
          ...colony('Alps2', 35.5, points, alps),
          ...colony('Alps3', 35.5, points, alps),
          ...colony('Andes1', 35.5, points, [-16.5, -68.15]),
        ]),
      ),
      null,
      { today: TODAY },
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const inland = result.plan.flags.filter((f) => f.code === 'far_inland');
    expect(inland.map((f) => f.colony)).toEqual(['Alps1', 'Andes1']);
    expect(inland[0]!.message).toMatch(
      /^3 colonies at the same place \(e\.g\. Alps1\) lie on land, more than 5 km from the sea \(latitude 47\.42123, longitude 10\.98632, about \d+ km inland\)/,
    );
    expect(inland[1]!.message).toMatch(/^Colony Andes1 lies on land/);
  });
});
