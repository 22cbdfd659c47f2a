import { UploadDatasetStep } from '@/features/my-datasets/components/upload-dataset-step';
import { UploadPage } from '@/features/upload/components/upload-page';

/** The upload page with its Dataset step, which belongs to My datasets (it owns the form). */
function UploadWithDatasetStep() {
  return <UploadPage DatasetStep={UploadDatasetStep} />;
}

export { UploadWithDatasetStep as Component };
