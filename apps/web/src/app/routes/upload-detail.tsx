import { UploadDetailPage } from '@/features/upload/components/upload-detail-page';

export { UploadDetailPage as Component };
