import { EML_GBIF_PROFILE_SCHEMA } from '../downloads/dwca/eml-xml';
import { xmlEscape } from '../downloads/dwca/xml-text';
import { DATACITE_NAMESPACE, DATACITE_SCHEMA } from './datacite-xml';
import { OAI_DC_NAMESPACE, OAI_DC_SCHEMA } from './dublin-core';

/**
 * The rules of OAI-PMH 2.0 (http://www.openarchives.org/OAI/openarchivesprotocol.html) as the
 * platform's harvesting endpoint applies them (docs/decisions/0053-harvest-and-discovery.md):
 * which arguments each verb takes, the errors a bad request gets, the stateless resumption
 * tokens, and the XML envelope. What the records say comes from the citation facts.
 */

export const OAI_VERBS = [
  'Identify',
  'ListMetadataFormats',
  'ListSets',
  'GetRecord',
  'ListIdentifiers',
  'ListRecords',
] as const;
export type OaiVerb = (typeof OAI_VERBS)[number];

export type OaiErrorCode =
  | 'badVerb'
  | 'badArgument'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy'
  | 'badResumptionToken';

export interface OaiError {
  code: OaiErrorCode;
  message: string;
}

/** The metadata formats every record is offered in. */
export const OAI_METADATA_FORMATS = {
  oai_dc: { schema: OAI_DC_SCHEMA, namespace: OAI_DC_NAMESPACE },
  oai_datacite: { schema: DATACITE_SCHEMA, namespace: DATACITE_NAMESPACE },
  eml: {
    schema: EML_GBIF_PROFILE_SCHEMA,
    namespace: 'eml://ecoinformatics.org/eml-2.1.1',
  },
} as const;
export type OaiMetadataPrefix = keyof typeof OAI_METADATA_FORMATS;
export const isOaiMetadataPrefix = (value: string): value is OaiMetadataPrefix =>
  Object.hasOwn(OAI_METADATA_FORMATS, value);

const ARGUMENTS: Record<OaiVerb, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
  ListIdentifiers: {
    required: ['metadataPrefix'],
    optional: ['from', 'until', 'set'],
    exclusive: 'resumptionToken',
  },
  ListRecords: {
    required: ['metadataPrefix'],
    optional: ['from', 'until', 'set'],
    exclusive: 'resumptionToken',
  },
};

/** A request whose verb and arguments are valid, each argument given once. */
export interface OaiRequest {
  verb: OaiVerb;
  args: Record<string, string>;
}

/**
 * Checks a request's arguments (a query string or form, repeated keys as arrays). A wrong verb
 * is `badVerb`; a missing, unknown, repeated or malformed argument is `badArgument`.
 */
export function parseOaiRequest(
  query: Record<string, string | string[] | undefined>,
): OaiRequest | OaiError {
  const verb = query.verb;
  if (verb === undefined) return { code: 'badVerb', message: 'The request names no verb.' };
  if (Array.isArray(verb)) return { code: 'badVerb', message: 'The verb is given more than once.' };
  if (!(OAI_VERBS as readonly string[]).includes(verb)) {
    return { code: 'badVerb', message: `"${verb}" is not an OAI-PMH verb.` };
  }
  const rule = ARGUMENTS[verb as OaiVerb];
  const args: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'verb' || value === undefined) continue;
    if (Array.isArray(value)) {
      return { code: 'badArgument', message: `The argument "${key}" is given more than once.` };
    }
    if (!rule.required.includes(key) && !rule.optional.includes(key) && key !== rule.exclusive) {
      return { code: 'badArgument', message: `${verb} takes no argument "${key}".` };
    }
    args[key] = value;
  }
  if (rule.exclusive !== undefined && args[rule.exclusive] !== undefined) {
    if (Object.keys(args).length > 1) {
      return {
        code: 'badArgument',
        message: `${rule.exclusive} is an exclusive argument: no other argument may come with it.`,
      };
    }
    return { verb: verb as OaiVerb, args };
  }
  const missing = rule.required.filter((key) => args[key] === undefined);
  if (missing.length > 0) {
    return { code: 'badArgument', message: `${verb} needs the argument ${missing.join(' and ')}.` };
  }
  const from = args.from === undefined ? null : parseOaiDate(args.from, 'from');
  const until = args.until === undefined ? null : parseOaiDate(args.until, 'until');
  if (from !== null && 'code' in from) return from;
  if (until !== null && 'code' in until) return until;
  if (from !== null && until !== null) {
    if (from.granularity !== until.granularity) {
      return { code: 'badArgument', message: 'from and until must have the same granularity.' };
    }
    if (from.start > until.end) {
      return { code: 'badArgument', message: 'from is later than until.' };
    }
  }
  if (args.set !== undefined && !SET_SPEC.test(args.set)) {
    return { code: 'badArgument', message: `"${args.set}" is not a setSpec.` };
  }
  return { verb: verb as OaiVerb, args };
}

const SET_SPEC = /^[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*$/;

export interface OaiDate {
  granularity: 'day' | 'second';
  /** The first and last instant the value stands for (a day covers all its seconds). */
  start: Date;
  end: Date;
}

/** `YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ` (the repository's finest granularity), UTC. */
export function parseOaiDate(value: string, name: string): OaiDate | OaiError {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const second = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/.exec(value);
  const date = day ?? second;
  const bad: OaiError = {
    code: 'badArgument',
    message: `${name} "${value}" is not a UTC date (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ).`,
  };
  if (!date) return bad;
  const start = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== value.slice(0, 10)) {
    return bad;
  }
  const end = day ? new Date(start.getTime() + 86_400_000 - 1) : new Date(start.getTime() + 999);
  return { granularity: day ? 'day' : 'second', start, end };
}

/** A list's position and the arguments it was asked with: all a resumption token carries. */
export interface OaiListState {
  metadataPrefix: string;
  set?: string;
  from?: string;
  until?: string;
  /** How many items earlier pages gave. */
  cursor: number;
}

/** A UTC datestamp at the repository's granularity (seconds). */
export const oaiDatestamp = (value: Date | string) =>
  `${new Date(value).toISOString().slice(0, 19)}Z`;

export interface OaiHeader {
  identifier: string;
  datestamp: string;
  setSpecs: readonly string[];
  deleted: boolean;
}

export function oaiHeaderXml(header: OaiHeader, indent = '    '): string {
  return [
    `${indent}<header${header.deleted ? ' status="deleted"' : ''}>`,
    `${indent}  <identifier>${xmlEscape(header.identifier)}</identifier>`,
    `${indent}  <datestamp>${xmlEscape(header.datestamp)}</datestamp>`,
    ...header.setSpecs.map((spec) => `${indent}  <setSpec>${xmlEscape(spec)}</setSpec>`),
    `${indent}</header>`,
  ].join('\n');
}

/** A record: its header and, unless deleted, its metadata (an XML element, no declaration). */
export function oaiRecordXml(header: OaiHeader, metadata: string | null): string {
  return [
    '    <record>',
    oaiHeaderXml(header, '      '),
    ...(header.deleted || metadata === null
      ? []
      : ['      <metadata>', stripXmlDeclaration(metadata), '      </metadata>']),
    '    </record>',
  ].join('\n');
}

export const stripXmlDeclaration = (xml: string) => xml.replace(/^<\?xml[^>]*\?>\s*/, '').trimEnd();

export function resumptionTokenXml(
  next: string | null,
  cursor: number,
  completeListSize: number,
): string {
  return `    <resumptionToken completeListSize="${completeListSize}" cursor="${cursor}">${next === null ? '' : xmlEscape(next)}</resumptionToken>`;
}

/**
 * The response document. `request` holds the arguments echoed back, which the protocol forbids
 * after badVerb and badArgument (then only the base URL is given).
 */
export function oaiResponseXml(input: {
  responseDate: Date;
  baseUrl: string;
  request: Record<string, string> | null;
  body: string | OaiError;
}): string {
  const attributes = Object.entries(input.request ?? {})
    .map(([key, value]) => ` ${key}="${xmlEscape(value)}"`)
    .join('');
  const body =
    typeof input.body === 'string'
      ? input.body
      : `  <error code="${input.body.code}">${xmlEscape(input.body.message)}</error>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">',
    `  <responseDate>${oaiDatestamp(input.responseDate)}</responseDate>`,
    `  <request${attributes}>${xmlEscape(input.baseUrl)}</request>`,
    body,
    '</OAI-PMH>',
    '',
  ].join('\n');
}

export const isOaiError = (value: unknown): value is OaiError =>
  typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
