import downloadsPage from '../../../../../docs/downloads.md?raw';
import { describe, expect, it } from 'vitest';
import { writeDownload } from '../../../test/download-in-memory';
import { ALL_COLONIES, mixedContext } from '../../../test/download-test-data';
import { DATA_DICTIONARY } from '../data-dictionary';
import { downloadReadme } from '../download-readme';
import {
  DOWNLOAD_FORMAT_IDS,
  DOWNLOAD_FORMATS,
  DOWNLOAD_SIDE_FILE_IDS,
  DOWNLOAD_SIDE_FILES,
  downloadFormat,
  isDownloadSideFile,
} from './registry';

/**
 * What every entry of the registry must hold for the server, the menu, the README and the data
 * dictionary to serve it (docs/decisions/0045-download-formats.md). A new format that misses
 * one of them fails here.
 */
describe('the download-format registry', () => {
  it('gives every file of a folder its own name, and a format the extension of its file', () => {
    const names = [
      ...DOWNLOAD_FORMAT_IDS.map((id) => DOWNLOAD_FORMATS[id].file),
      ...DOWNLOAD_SIDE_FILE_IDS.map((id) => DOWNLOAD_SIDE_FILES[id].file),
    ];
    expect(new Set(names).size).toBe(names.length);
    for (const id of DOWNLOAD_FORMAT_IDS) {
      const format = downloadFormat(id);
      expect(format.file, id).toMatch(new RegExp(`^[a-z0-9-]+\\.${format.extension}$`));
      expect(format.contentType, id).toMatch(/^[a-z]+\/[a-z0-9.+-]+(; charset=utf-8)?$/);
    }
  });

  it('labels every format once, with a line on what it holds', () => {
    const labels = DOWNLOAD_FORMAT_IDS.map((id) => DOWNLOAD_FORMATS[id].label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const id of DOWNLOAD_FORMAT_IDS) {
      expect(downloadFormat(id).detail.length).toBeGreaterThan(10);
    }
  });

  it('tells side files from formats', () => {
    expect(DOWNLOAD_FORMAT_IDS.filter(isDownloadSideFile)).toEqual([]);
    expect(DOWNLOAD_SIDE_FILE_IDS.every(isDownloadSideFile)).toBe(true);
  });

  it('writes every format, and the README of a zip names each file it writes', () => {
    const context = mixedContext();
    for (const id of DOWNLOAD_FORMAT_IDS) {
      const format = downloadFormat(id);
      const files = writeDownload(id, context, ALL_COLONIES);
      const readme = downloadReadme(context, id);
      if (format.writer.kind === 'text') {
        expect(Object.keys(files), id).toEqual([format.file]);
        expect(format.readmeLines, id).toHaveLength(1);
        expect(files[format.file]!.length, id).toBeGreaterThan(1000);
      } else {
        for (const name of Object.keys(files)) {
          expect(readme, `${id}: ${name}`).toContain(`${name}: `);
        }
      }
      for (const [name] of format.readmeLines) expect(readme, id).toContain(`${name}: `);
    }
  });

  it('documents every format in the data dictionary, each section once', () => {
    const titles = DATA_DICTIONARY.map((section) => section.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const id of DOWNLOAD_FORMAT_IDS) {
      expect(downloadFormat(id).dictionary.length, id).toBeGreaterThan(0);
    }
  });

  it('docs/downloads.md lists every file of a folder', () => {
    for (const id of DOWNLOAD_FORMAT_IDS) {
      expect(downloadsPage, id).toContain(`| \`${DOWNLOAD_FORMATS[id].file}\``);
    }
    for (const id of DOWNLOAD_SIDE_FILE_IDS) {
      expect(downloadsPage, id).toContain(`| \`${DOWNLOAD_SIDE_FILES[id].file}\``);
    }
  });
});
