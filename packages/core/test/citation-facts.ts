import type { CitationFacts } from '../src/citation/citation-facts';

/**
 * Two versions the citation tests share: a full one (ORCID creators, affiliations, DOI, licence,
 * related publications) and one as the seed has them (no licence stated, no DOI, creators not
 * recorded: imported from the Coral Future database).
 */
export const FULL_VERSION: CitationFacts = {
  datasetId: 12,
  version: 2,
  title: 'Thermal tolerance of Acropora & Pocillopora in the Red Sea',
  description: 'CBASS assays at four temperatures; ED50 per colony.',
  creators: [
    {
      name: 'Voolstra, Christian R.',
      orcid: '0000-0003-4555-3795',
      affiliation: 'University of Konstanz',
    },
    { name: 'Nicolas R. Evensen', orcid: null, affiliation: null },
  ],
  publishedAt: '2024-05-03T10:00:00.000Z',
  publisher: 'Coral Thermal Tolerance',
  url: 'https://corals.example.org/datasets/12/versions/2',
  doi: '10.1234/coral.12.v2',
  licence: 'CC-BY-4.0',
  keywords: ['CBASS', 'ED50', 'cbass'],
  relatedDois: ['10.1111/gcb.15148', '10.1111/GCB.15148'],
  projectName: 'Red Sea CBASS',
  importedFrom: null,
};

export const SEED_VERSION: CitationFacts = {
  datasetId: 1,
  version: 1,
  title: 'Coral Future public data',
  description: '',
  creators: [],
  publishedAt: '2023-01-15T00:00:00.000Z',
  publisher: 'Coral Thermal Tolerance',
  url: 'http://localhost:8000/datasets/1/versions/1',
  doi: null,
  licence: null,
  keywords: [],
  relatedDois: [],
  projectName: 'Coral Future',
  importedFrom: { name: 'Coral Future database', url: 'https://coralfuture.org' },
};
