import { describe, expect, it } from 'vitest';
import { ZDatasetMetadata } from './dataset-metadata';
import { judge } from './lifecycle';
import { reviseMetadata, ZMetadataRevisionRequest } from './metadata-revision';

/** A legacy (seed) description: no creators, no licence, imported from its source. */
const legacy = ZDatasetMetadata.parse({
  title: 'GlobalSearch_GBR: Davies',
  creators: [],
  imported_from: { name: 'Coral Future database', url: 'https://coralfuture.org' },
});
const creator = { name: 'Carberry, Josiah', orcid: '0000-0002-1825-0097' };

const messages = (input: unknown) => {
  const parsed = ZMetadataRevisionRequest.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the metadata revision request', () => {
  it('reads ORCID iDs and DOIs in their usual forms and stores them bare', () => {
    const request = ZMetadataRevisionRequest.parse({
      creators: [{ name: ' Carberry, Josiah ', orcid: 'https://orcid.org/0000-0002-1825-0097' }],
      related_publications: [{ doi: 'https://doi.org/10.1111/gcb.15148' }],
      note: 'Creators as named in the publication',
    });
    expect(request.creators![0]).toEqual({
      name: 'Carberry, Josiah',
      affiliation: null,
      orcid: '0000-0002-1825-0097',
    });
    expect(request.related_publications![0]!.doi).toBe('10.1111/gcb.15148');
  });

  it('refuses a malformed ORCID iD, one with a wrong check digit, and a malformed DOI', () => {
    const note = 'why';
    expect(messages({ creators: [{ name: 'A', orcid: '0000-0002-1825' }], note })).toEqual([
      'creators.0.orcid: "0000-0002-1825" is not an ORCID iD (16 digits like 0000-0002-1825-0097, the last one a check digit)',
    ]);
    // The check digit of 0000-0002-1825-009 is 7, not 6.
    expect(messages({ creators: [{ name: 'A', orcid: '0000-0002-1825-0096' }], note })[0]).toMatch(
      /^creators\.0\.orcid: "0000-0002-1825-0096" is not an ORCID iD/,
    );
    expect(messages({ related_publications: [{ doi: 'No doi available' }], note })).toEqual([
      'related_publications.0.doi: "No doi available" is not a DOI (it starts with 10., like 10.1111/gcb.15148)',
    ]);
  });

  it('refuses an empty creator list, a nameless creator, an unknown licence and a missing note', () => {
    expect(messages({ creators: [], note: 'x' })).toEqual([
      'creators: Name at least one creator (a revision does not remove every creator)',
    ]);
    expect(messages({ creators: [{ name: '  ' }], note: 'x' })).toEqual([
      'creators.0.name: A creator needs a name',
    ]);
    expect(messages({ licence: 'CC-BY-SA-4.0', note: 'x' })).toEqual([
      'licence: Choose one of the licences CC0-1.0, CC-BY-4.0, CC-BY-NC-4.0',
    ]);
    expect(messages({ creators: [creator], note: '   ' })).toEqual([
      'note: Say why the description changes (e.g. "creators as named in the publication")',
    ]);
  });
});

describe('reviseMetadata', () => {
  const request = (input: object) => ZMetadataRevisionRequest.parse({ note: 'n', ...input });

  it('completes the creators and keeps everything else, the source included', () => {
    const outcome = reviseMetadata(legacy, request({ creators: [creator] }));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.metadata).toEqual({
      ...legacy,
      creators: [{ ...creator, affiliation: null }],
    });
    expect(Object.keys(outcome.changes)).toEqual(['creators']);
  });

  it('sets a licence only with its stated source, and only where none was stated', () => {
    expect(reviseMetadata(legacy, request({ licence: 'CC-BY-4.0' }))).toEqual({
      ok: false,
      problems: [
        {
          field: 'licence_source',
          message:
            'Say where the rights holder stated the CC BY 4.0 licence (e.g. "e-mail of 2026-11-20 from the first author"): a licence is never assumed.',
        },
      ],
    });
    const stated = reviseMetadata(
      legacy,
      request({
        licence: 'CC-BY-4.0',
        licence_source: 'E-mail of 2026-11-20 from the first author',
      }),
    );
    expect(stated.ok && stated.changes.licence).toEqual({ from: null, to: 'CC-BY-4.0' });
    const licensed = { ...legacy, licence: 'CC-BY-4.0' as const };
    const narrowed = reviseMetadata(
      licensed,
      request({ licence: 'CC-BY-NC-4.0', licence_source: 'E-mail' }),
    );
    expect(!narrowed.ok && narrowed.problems[0]!.field).toBe('licence');
    expect(!narrowed.ok && narrowed.problems[0]!.message).toMatch(/already stated \(CC BY 4\.0\)/);
  });

  it('refuses a licence source without a licence, and a revision that changes nothing', () => {
    const source = reviseMetadata(legacy, request({ creators: [creator], licence_source: 'mail' }));
    expect(!source.ok && source.problems.map((p) => p.field)).toEqual(['licence_source']);
    const nothing = reviseMetadata(
      legacy,
      request({ related_publications: [], licence_source: ' ' }),
    );
    expect(nothing).toEqual({
      ok: false,
      problems: [
        {
          field: null,
          message:
            'Nothing changed: the creators, publications and licence given are those the description already has.',
        },
      ],
    });
  });
});

describe('who may revise', () => {
  const facts = {
    state: 'published' as const,
    ownerId: 1,
    withdrawn: false,
    metadata: legacy,
    everPublic: true,
    hasOpenVersion: false,
  };
  it('a curator, on a published version of a dataset that is not withdrawn', () => {
    expect(judge({ userId: 2, role: 'curator' }, 'revise_metadata', facts)).toBeNull();
    expect(judge({ userId: 1, role: 'contributor' }, 'revise_metadata', facts)).toEqual({
      kind: 'forbidden',
      reason: 'Only curators revise the description of a published dataset.',
    });
    expect(
      judge({ userId: 2, role: 'curator' }, 'revise_metadata', { ...facts, withdrawn: true }),
    ).toEqual({ kind: 'conflict', reason: 'This dataset has been withdrawn.' });
    expect(
      judge({ userId: 2, role: 'curator' }, 'revise_metadata', { ...facts, state: 'draft' })?.kind,
    ).toBe('conflict');
  });
});
