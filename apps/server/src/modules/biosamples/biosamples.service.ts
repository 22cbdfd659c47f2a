import type { AppDb } from '../../db/database';
import { biosamplesRepository } from './biosamples.repository';

export function createBiosamplesService(db: AppDb) {
  return {
    /** Every biosample (nubbin) with its colony and project, in id order. */
    list: () => biosamplesRepository.list(db),
  };
}
export type BiosamplesService = ReturnType<typeof createBiosamplesService>;
