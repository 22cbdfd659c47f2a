import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The official schemas kept under fixtures/schemas/ (each folder's SOURCE.md says where from). */
const SCHEMAS = path.resolve(__dirname, '../../../fixtures/schemas');

export const XML_SCHEMAS = {
  /** GBIF Metadata Profile 1.2 (EML 2.1.1). */
  eml: path.join(SCHEMAS, 'eml-gbif-profile/eml.xsd'),
  /** DataCite Metadata Schema 4.6. */
  datacite: path.join(SCHEMAS, 'datacite/metadata.xsd'),
  /** OAI-PMH 2.0 responses. */
  oaiPmh: path.join(SCHEMAS, 'oai-pmh/OAI-PMH.xsd'),
  /** OAI-PMH's unqualified Dublin Core record (oai_dc). */
  oaiDc: path.join(SCHEMAS, 'oai-pmh/oai_dc.xsd'),
} as const;
export type XmlSchema = keyof typeof XML_SCHEMAS;

/** Imports of the W3C `xml.xsd` by URL resolve to the copy kept here: validation stays offline. */
const CATALOG = path.join(SCHEMAS, 'catalog.xml');

let folder: string | null = null;
let files = 0;

/**
 * `xmllint --schema`'s verdict on a document (Debian's libxml2-utils): "" when it is valid
 * against the official schema, else xmllint's complaints. Never touches the network.
 */
export function xmlSchemaErrors(xml: string, schema: XmlSchema): string {
  folder ??= fs.mkdtempSync(path.join(os.tmpdir(), 'xml-schema-'));
  const file = path.join(folder, `document-${files++}.xml`);
  fs.writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', XML_SCHEMAS[schema], file], {
      stdio: 'pipe',
      env: { ...process.env, XML_CATALOG_FILES: CATALOG },
    });
    return '';
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? error);
    // The schema's own notes (a skipped duplicate import) are not the document's errors.
    return stderr
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.includes('Schemas parser warning'))
      .join('\n');
  }
}
