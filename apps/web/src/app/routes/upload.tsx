import { UploadPage } from '@/features/upload/components/upload-page';

export { UploadPage as Component };
