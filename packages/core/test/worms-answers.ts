import synonymCassette from '../../../fixtures/worms/wm_records_taxamatch.yml?raw';
import nearAnswer from '../../../fixtures/worms/adyork-intro-to-apis-taxamatch-gadus-morha.json?raw';
import { parse } from 'yaml';
import { classifyTaxonMatch, parseMatchNamesAnswer, type TaxonMatch } from '../src/taxonomy';

/**
 * WoRMS' recorded answers (fixtures/worms/SOURCE.md) as the platform keeps them: "Coryphaena
 * immaculata", a synonym of Coryphaena hippurus, and "Gadus morha", a near match only.
 * Test-only: not exported by `@coral/core/testing`.
 */
export const RECORDED_SYNONYM: TaxonMatch = classifyTaxonMatch(
  parseMatchNamesAnswer(
    JSON.parse(
      (
        parse(synonymCassette) as {
          http_interactions: { response: { body: { string: string } } }[];
        }
      ).http_interactions[0]!.response.body.string,
    ),
    1,
  )[0]!,
);

export const RECORDED_NEAR: TaxonMatch = classifyTaxonMatch(
  parseMatchNamesAnswer(JSON.parse(nearAnswer), 1)[0]!,
);
