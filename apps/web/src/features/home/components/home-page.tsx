import { PageTitle } from '@/components/page-title';
import { CbassSection } from './cbass-section';
import { ContributeSection } from './contribute-section';
import { FeaturesSection } from './features-section';
import { Hero } from './hero';
import { StatisticsStrip } from './statistics-strip';

/** The landing page (product-spec §2 Home). */
export function HomePage() {
  return (
    <>
      <PageTitle title="Home" />
      <Hero />
      <StatisticsStrip />
      <CbassSection />
      <FeaturesSection />
      <ContributeSection />
    </>
  );
}
