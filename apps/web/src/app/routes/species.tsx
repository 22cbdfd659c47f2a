import { SpeciesPage } from '@/features/species/components/species-page';

export { SpeciesPage as Component };
