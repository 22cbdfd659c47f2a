/**
 * One taxon record as WoRMS' REST API returns it (an "AphiaRecord": AphiaRecordsByMatchNames,
 * AphiaRecordsByName, AphiaRecordByAphiaID all answer with this shape). Only the fields the
 * platform keeps are typed; WoRMS sends more. docs/decisions/0049-taxon-matching.md
 */
export interface WormsRecord {
  AphiaID: number;
  scientificname: string;
  authority: string | null;
  /** 'accepted', 'unaccepted', 'alternate representation', 'nomen dubium', … */
  status: string | null;
  rank: string | null;
  valid_AphiaID: number | null;
  valid_name: string | null;
  kingdom: string | null;
  phylum: string | null;
  class: string | null;
  order: string | null;
  family: string | null;
  genus: string | null;
  lsid: string | null;
  /** How WoRMS' TAXAMATCH matched the name sent: 'exact', 'phonetic', 'near_1', 'near_2', … */
  match_type: string;
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const intOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/**
 * Reads one record of a WoRMS answer, or explains why it is not one (WoRMS' answer is data from
 * outside: it is checked, never trusted).
 */
export function parseWormsRecord(value: unknown): WormsRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('a WoRMS record must be a JSON object');
  }
  const row = value as Record<string, unknown>;
  const aphiaId = intOrNull(row.AphiaID);
  const name = textOrNull(row.scientificname);
  if (aphiaId === null || name === null) {
    throw new Error('a WoRMS record needs an integer AphiaID and a scientificname');
  }
  return {
    AphiaID: aphiaId,
    scientificname: name,
    authority: textOrNull(row.authority),
    status: textOrNull(row.status),
    rank: textOrNull(row.rank),
    valid_AphiaID: intOrNull(row.valid_AphiaID),
    valid_name: textOrNull(row.valid_name),
    kingdom: textOrNull(row.kingdom),
    phylum: textOrNull(row.phylum),
    class: textOrNull(row.class),
    order: textOrNull(row.order),
    family: textOrNull(row.family),
    genus: textOrNull(row.genus),
    lsid: textOrNull(row.lsid),
    match_type: textOrNull(row.match_type) ?? 'exact',
  };
}

/**
 * AphiaRecordsByMatchNames answers a list of names with one list of records per name, in the
 * order sent (an empty list, or null, for a name it cannot match); 204 No Content (no body) when
 * none of them matches.
 */
export function parseMatchNamesAnswer(body: unknown, sent: number): WormsRecord[][] {
  if (body === null || body === undefined) return Array.from({ length: sent }, () => []);
  if (!Array.isArray(body) || body.length !== sent) {
    throw new Error(`WoRMS answered ${describe(body)} for ${sent} name(s)`);
  }
  return body.map((records: unknown) => {
    if (records === null) return [];
    if (!Array.isArray(records)) throw new Error('WoRMS answered a name with a non-list');
    return records.map(parseWormsRecord);
  });
}

const describe = (body: unknown) =>
  Array.isArray(body) ? `a list of ${body.length}` : `a ${typeof body}`;
