import { DWCA_DATA_FILES } from './dwca-files';
import { xmlEscape } from './xml-text';

/** What meta.xml needs of a data file (the row type of each file is irrelevant here). */
interface FileDescription {
  fileName: string;
  rowType: string;
  role: 'core' | 'extension';
  idColumn: { term: string | null };
  fields: readonly { term: string }[];
}

export const DWCA_META_FILE = 'meta.xml';
export const DWCA_EML_FILE = 'eml.xml';

function fileElement(file: FileDescription): string {
  const tag = file.role === 'core' ? 'core' : 'extension';
  const idTag = file.role === 'core' ? 'id' : 'coreid';
  // The files are tab-separated with LF line ends, unquoted, with one header line (dwca-rows.ts).
  const lines = [
    `  <${tag} encoding="UTF-8" fieldsTerminatedBy="\\t" linesTerminatedBy="\\n" fieldsEnclosedBy="" ignoreHeaderLines="1" rowType="${xmlEscape(file.rowType)}">`,
    '    <files>',
    `      <location>${xmlEscape(file.fileName)}</location>`,
    '    </files>',
    `    <${idTag} index="0"/>`,
  ];
  if (file.idColumn.term !== null) {
    lines.push(`    <field index="0" term="${xmlEscape(file.idColumn.term)}"/>`);
  }
  file.fields.forEach((field, index) => {
    lines.push(`    <field index="${index + 1}" term="${xmlEscape(field.term)}"/>`);
  });
  lines.push(`  </${tag}>`);
  return lines.join('\n');
}

/**
 * The archive descriptor (Darwin Core Text Guide): the Event core and its two extensions, each
 * column bound to its term IRI. Derived from the same field lists that write the rows, so the
 * descriptor can never disagree with the files.
 */
export function dwcaMetaXml(): string {
  const files: readonly FileDescription[] = DWCA_DATA_FILES;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<archive xmlns="http://rs.tdwg.org/dwc/text/" metadata="${DWCA_EML_FILE}">`,
    ...files.map(fileElement),
    '</archive>',
    '',
  ].join('\n');
}
