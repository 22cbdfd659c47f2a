import { Ed50Page } from '@/features/ed50/components/ed50-page';

export { Ed50Page as Component };
