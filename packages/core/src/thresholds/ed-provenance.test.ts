import { describe, expect, it } from 'vitest';
import corePackage from '../../package.json';
import { ED_ENGINE_SOFTWARE, ED_ENGINE_VERSION } from './ed-provenance';

describe('the ED engine named in provenance', () => {
  it("is core's package version, so a release bumps both", () => {
    expect(ED_ENGINE_VERSION).toBe(corePackage.version);
    expect(ED_ENGINE_SOFTWARE).toBe(
      `coral-platform ED engine ${corePackage.version} (drc 3.0-1 compatible)`,
    );
  });
});
