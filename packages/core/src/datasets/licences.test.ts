import { describe, expect, it } from 'vitest';
import { licencesMostRestrictiveFirst } from './licences';

describe('licencesMostRestrictiveFirst', () => {
  it('states each licence once, the most restrictive first, a licence never stated leading', () => {
    expect(
      licencesMostRestrictiveFirst(['CC0-1.0', 'CC-BY-4.0', null, 'CC-BY-NC-4.0', 'CC-BY-4.0']),
    ).toEqual([null, 'CC-BY-NC-4.0', 'CC-BY-4.0', 'CC0-1.0']);
    expect(licencesMostRestrictiveFirst(['CC0-1.0'])).toEqual(['CC0-1.0']);
    expect(licencesMostRestrictiveFirst([])).toEqual([]);
  });
});
