import committed from '../../../../docs/data-dictionary.md?raw';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ALL_COLONIES, mixedContext } from '../../test/download-test-data';
import {
  dataDictionaryApiDescription,
  dataDictionaryMarkdown,
  dataDictionaryPage,
  DATA_DICTIONARY,
  documentedNames,
} from './data-dictionary';
import { writeDownload, writeDownloadText } from '../../test/download-in-memory';

/** Rewrites the page (UPDATE_DICTIONARY=1). Node only: core code may not import node:fs. */
async function writeDictionary(text: string): Promise<void> {
  const fs = await import('node:fs');
  fs.writeFileSync(new URL('../../../../docs/data-dictionary.md', import.meta.url), text);
}

describe('data dictionary', () => {
  it('docs/data-dictionary.md is the generated text (UPDATE_DICTIONARY=1 rewrites it)', async () => {
    const generated = dataDictionaryPage();
    if (process.env.UPDATE_DICTIONARY === '1') {
      await writeDictionary(generated);
      return;
    }
    expect(committed).toBe(generated);
  });

  it('documents every CSV header the writer writes', () => {
    const text = writeDownloadText('csv', mixedContext(), ALL_COLONIES.slice(0, 1));
    const headers = Papa.parse<string[]>(text.slice(1)).data[0]!;
    const documented = documentedNames('CSV');
    expect(headers.filter((h) => !documented.has(h))).toEqual([]);
    expect(documented.has('not_a_column')).toBe(false);
  });

  it('documents every GeoJSON property and metadata member the writer writes', () => {
    const text = writeDownloadText('geojson', mixedContext(), ALL_COLONIES);
    const parsed = JSON.parse(text) as {
      metadata: Record<string, unknown>;
      features: { properties: Record<string, unknown> }[];
    };
    const properties = documentedNames('GeoJSON Feature properties');
    const keys = new Set(parsed.features.flatMap((f) => Object.keys(f.properties)));
    expect([...keys].filter((k) => !properties.has(k))).toEqual([]);
    const metadata = documentedNames('GeoJSON metadata');
    expect(Object.keys(parsed.metadata).filter((k) => !metadata.has(k))).toEqual([]);
  });

  it('documents every column of every Darwin Core Archive data file, with its term IRI', () => {
    const files = writeDownload('dwca', mixedContext(), ALL_COLONIES);
    for (const name of ['event.txt', 'occurrence.txt', 'extendedmeasurementorfact.txt']) {
      const header = files[name]!.split('\n')[0]!.split('\t');
      const documented = documentedNames(`Darwin Core Archive: ${name}`);
      expect(header.filter((h) => !documented.has(h))).toEqual([]);
    }
    const withoutTerm = DATA_DICTIONARY.filter((s) => s.title.startsWith('Darwin Core')).flatMap(
      (s) => s.entries.filter((e) => e.term === undefined).map((e) => `${s.title}: ${e.name}`),
    );
    // Only the eMoF link column has no term of its own (eventID is not an eMoF term).
    expect(withoutTerm).toEqual(['Darwin Core Archive: extendedmeasurementorfact.txt: eventID']);
  });

  it('gives every entry a meaning and embeds in the API description at a deeper heading level', () => {
    for (const section of DATA_DICTIONARY) {
      for (const entry of section.entries) {
        expect(entry.description.trim(), entry.name).not.toBe('');
      }
    }
    const embedded = dataDictionaryApiDescription();
    expect(embedded.startsWith('### Data dictionary of the open downloads')).toBe(true);
    expect(embedded).toContain('#### CSV');
    expect(embedded).not.toContain('<!--');
    expect(dataDictionaryMarkdown()).not.toContain('<!--');
    expect(dataDictionaryMarkdown().startsWith('# Data dictionary')).toBe(true);
    expect(() => documentedNames('XLSX')).toThrow('The data dictionary has no section "XLSX"');
  });
});
