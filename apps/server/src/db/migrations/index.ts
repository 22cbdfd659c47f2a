import type { Migration } from './migration';
import { initialSchema } from './0001-initial-schema';
import { publishedSnapshots } from './0002-published-snapshots';
import { sessionsAndSecrets } from './0002-sessions-secrets';
import { uploadProcessing } from './0003-upload-processing';
import { snapshotFormat } from './0004-snapshot-format';
import { datasets } from './0005-datasets';
import { citableSnapshots } from './0006-citable-snapshots';
import { loginBackoffs } from './0007-login-backoffs';
import { orcidApprovals } from './0008-orcid-approvals';
import { edProvenance } from './0009-ed-provenance';
import { filterIndexes } from './0010-filter-indexes';
import { snapshotParts } from './0011-snapshot-parts';
import { readableVersionsByStateTable } from './0012-readable-versions-by-state-table';
import { taxonMatching } from './0013-taxon-matching';
import { orcidNames } from './0014-orcid-names';
import { bareDois } from './0017-bare-dois';
import { metadataRevisions } from './0018-metadata-revisions';
import { metadataStampAndOwnerEdits } from './0019-metadata-stamp-and-owner-edits';

/** Every migration, in order. Names are permanent: never rename or edit one that has shipped. */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001-initial-schema': initialSchema,
  '0002-published-snapshots': publishedSnapshots,
  '0002-sessions-secrets': sessionsAndSecrets,
  '0003-upload-processing': uploadProcessing,
  '0004-snapshot-format': snapshotFormat,
  '0005-datasets': datasets,
  '0006-citable-snapshots': citableSnapshots,
  '0007-login-backoffs': loginBackoffs,
  '0008-orcid-approvals': orcidApprovals,
  '0009-ed-provenance': edProvenance,
  '0010-filter-indexes': filterIndexes,
  '0011-snapshot-parts': snapshotParts,
  '0012-readable-versions-by-state-table': readableVersionsByStateTable,
  '0013-taxon-matching': taxonMatching,
  '0014-orcid-names': orcidNames,
  '0017-bare-dois': bareDois,
  '0018-metadata-revisions': metadataRevisions,
  '0019-metadata-stamp-and-owner-edits': metadataStampAndOwnerEdits,
};
