// Test helpers for workbooks: the committed .xlsx twins of the real datasheets (written by exceljs,
// fixtures/datasheets/make-xlsx.mjs) and a tiny hand-made workbook for the cases a writer
// library cannot be made to produce (rich text, inline strings, sparse cells, 1904 dates).
import { strToU8, zipSync } from 'fflate';
import cbass84 from '../../../fixtures/datasheets/cbass_84.xlsx?inline';
import cbassEd from '../../../fixtures/datasheets/cbass_dataset_ED50_Results.xlsx?inline';
import cbassRaw from '../../../fixtures/datasheets/cbass_dataset_raw.xlsx?inline';
import type { UploadFile } from '../src/upload/prepare-upload';

const WORKBOOKS: Record<string, string> = {
  'cbass_84.xlsx': cbass84,
  'cbass_dataset_raw.xlsx': cbassRaw,
  'cbass_dataset_ED50_Results.xlsx': cbassEd,
};

/** A committed workbook twin of a datasheet (fixtures/datasheets/<name>.xlsx). */
export function workbookDatasheet(name: string): UploadFile {
  const dataUrl = WORKBOOKS[name];
  if (dataUrl === undefined) throw new Error(`no workbook ${name}`);
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return { name, bytes: Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)) };
}

export interface WorkbookParts {
  /** The <sheetData> content. */
  sheetData: string;
  /** <si> elements of xl/sharedStrings.xml (omitted: no shared strings part). */
  sharedStrings?: string[];
  /** <numFmts> and <cellXfs> content of xl/styles.xml. */
  numFmts?: string;
  cellXfs?: string;
  date1904?: boolean;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A minimal .xlsx as Excel lays it out. */
export function workbookBytes(parts: WorkbookParts): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr${parts.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="/xl/styles.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>${parts.sheetData}</sheetData></worksheet>`,
    ),
    'xl/styles.xml': strToU8(
      `<?xml version="1.0"?><styleSheet xmlns="${MAIN}">${parts.numFmts ? `<numFmts>${parts.numFmts}</numFmts>` : ''}<cellXfs>${parts.cellXfs ?? '<xf numFmtId="0"/>'}</cellXfs></styleSheet>`,
    ),
  };
  if (parts.sharedStrings) {
    files['xl/sharedStrings.xml'] = strToU8(
      `<?xml version="1.0"?><sst xmlns="${MAIN}">${parts.sharedStrings.map((si) => `<si>${si}</si>`).join('')}</sst>`,
    );
  }
  return zipSync(files);
}
