import {
  dataCiteXml,
  isOaiError,
  isOaiMetadataPrefix,
  OAI_METADATA_FORMATS,
  oaiDatestamp,
  oaiDublinCore,
  oaiHeaderXml,
  oaiRecordXml,
  oaiResponseXml,
  parseOaiDate,
  parseOaiRequest,
  PUBLIC_STATES,
  resumptionTokenXml,
  type CitationFacts,
  type OaiError,
  type OaiHeader,
  type OaiListState,
  type OaiMetadataPrefix,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { citationFacts, PLATFORM_NAME } from '../datasets/dataset-citation';
import { versionEmlCoverage, versionEmlXml } from '../datasets/dataset-coverage.service';
import { parseMetadata } from '../datasets/dataset-versions.service';
import { oaiPmhRepository as repo, type OaiRecordRow } from './oai-pmh.repository';

export interface OaiPmhServiceOptions {
  publicUrl: string;
  contactEmail: string;
  softwareVersion: string;
  /** Records (or headers) per page of a list; the rest follows a resumption token. */
  pageSize: number;
}

/**
 * Tokens are stateless: the list's arguments and cursor, base64url-encoded JSON. A harvester can
 * resume at any time; a token that does not decode to a list state is `badResumptionToken`.
 */
const encodeResumptionToken = (state: OaiListState) =>
  Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');

function decodeResumptionToken(token: string): OaiListState | OaiError {
  const bad: OaiError = {
    code: 'badResumptionToken',
    message: 'The resumption token is not valid.',
  };
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return bad;
    const state = value as Record<string, unknown>;
    const optional = (key: string) => state[key] === undefined || typeof state[key] === 'string';
    if (
      typeof state.metadataPrefix !== 'string' ||
      !Number.isInteger(state.cursor) ||
      (state.cursor as number) < 0 ||
      !optional('set') ||
      !optional('from') ||
      !optional('until')
    ) {
      return bad;
    }
    const check = parseOaiRequest({
      verb: 'ListIdentifiers',
      metadataPrefix: state.metadataPrefix,
      ...(state.set === undefined ? {} : { set: state.set as string }),
      ...(state.from === undefined ? {} : { from: state.from as string }),
      ...(state.until === undefined ? {} : { until: state.until as string }),
    });
    if ('code' in check) return bad;
    return state as unknown as OaiListState;
  } catch {
    return bad;
  }
}

/**
 * The OAI-PMH 2.0 repository of the platform's datasets (docs/decisions/0053-harvest-and-discovery.md):
 * every public version of a dataset is a record, in one set per project; the versions of a
 * withdrawn dataset stay as deleted records (deletedRecord "persistent"), so a harvester learns
 * to remove them. Every answer is a complete OAI-PMH document, errors included (HTTP 200).
 */
export function createOaiPmhService(db: AppDb, options: OaiPmhServiceOptions) {
  const baseUrl = `${options.publicUrl}/oai`;
  const host = new URL(options.publicUrl).hostname;
  const identifierOf = (datasetId: number, number: number) =>
    `oai:${host}:dataset-${datasetId}-v${number}`;
  const IDENTIFIER = new RegExp(
    `^oai:${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:dataset-(\\d{1,9})-v(\\d{1,9})$`,
  );
  const setSpecOf = (projectId: number) => `project-${projectId}`;
  const projectOfSet = (set: string) => {
    const match = /^project-(\d{1,9})$/.exec(set);
    return match ? Number(match[1]) : null;
  };

  const headerOf = (row: OaiRecordRow): OaiHeader => ({
    identifier: identifierOf(row.dataset_id, row.number),
    datestamp: oaiDatestamp(row.datestamp),
    setSpecs: [setSpecOf(row.project_id)],
    deleted: row.withdrawn_at !== null,
  });

  const factsOf = (row: OaiRecordRow): CitationFacts =>
    citationFacts({
      dataset: { id: row.dataset_id, project_name: row.project_name },
      version: row,
      metadata: parseMetadata(row.metadata),
      publicUrl: options.publicUrl,
    });

  async function metadataOf(row: OaiRecordRow, prefix: OaiMetadataPrefix): Promise<string> {
    const facts = factsOf(row);
    if (prefix === 'oai_dc') return oaiDublinCore(facts);
    if (prefix === 'oai_datacite') {
      // With where and when the data were gathered, as the version's own file (decision 0065).
      const coverage = await versionEmlCoverage(db, row.version_id);
      return dataCiteXml(facts, { withDeclaration: false, coverage });
    }
    return versionEmlXml(
      db,
      { versionId: row.version_id, facts, protocol: parseMetadata(row.metadata).protocol },
      options,
    );
  }

  /** The record an identifier names, or idDoesNotExist. */
  async function recordOf(identifier: string): Promise<OaiRecordRow | OaiError> {
    const missing: OaiError = {
      code: 'idDoesNotExist',
      message: `"${identifier}" is not an identifier of this repository.`,
    };
    const match = IDENTIFIER.exec(identifier);
    if (!match) return missing;
    const versionId = await repo.versionId(db, Number(match[1]), Number(match[2]), PUBLIC_STATES);
    if (versionId === null) return missing;
    const { rows } = await repo.records(
      db,
      { publicStates: PUBLIC_STATES, versionId },
      { offset: 0, limit: 1 },
    );
    return rows[0] ?? missing;
  }

  async function identify(): Promise<string> {
    const earliest = await repo.earliestDatestamp(db, PUBLIC_STATES);
    return [
      '  <Identify>',
      `    <repositoryName>${PLATFORM_NAME}</repositoryName>`,
      `    <baseURL>${baseUrl}</baseURL>`,
      '    <protocolVersion>2.0</protocolVersion>',
      `    <adminEmail>${options.contactEmail}</adminEmail>`,
      // With no record yet, the earliest possible datestamp is now.
      `    <earliestDatestamp>${oaiDatestamp(earliest ?? new Date())}</earliestDatestamp>`,
      '    <deletedRecord>persistent</deletedRecord>',
      '    <granularity>YYYY-MM-DDThh:mm:ssZ</granularity>',
      '  </Identify>',
    ].join('\n');
  }

  async function listMetadataFormats(identifier: string | undefined): Promise<string | OaiError> {
    if (identifier !== undefined) {
      const record = await recordOf(identifier);
      if (isOaiError(record)) return record;
    }
    return [
      '  <ListMetadataFormats>',
      ...Object.entries(OAI_METADATA_FORMATS).map(([prefix, format]) =>
        [
          '    <metadataFormat>',
          `      <metadataPrefix>${prefix}</metadataPrefix>`,
          `      <schema>${format.schema}</schema>`,
          `      <metadataNamespace>${format.namespace}</metadataNamespace>`,
          '    </metadataFormat>',
        ].join('\n'),
      ),
      '  </ListMetadataFormats>',
    ].join('\n');
  }

  async function listSets(): Promise<string | OaiError> {
    const projects = await repo.projects(db, PUBLIC_STATES);
    if (projects.length === 0) {
      return { code: 'noRecordsMatch', message: 'The repository has no sets yet.' };
    }
    const escape = (text: string) =>
      text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    return [
      '  <ListSets>',
      ...projects.map((project) =>
        [
          '    <set>',
          `      <setSpec>${setSpecOf(project.id)}</setSpec>`,
          `      <setName>${escape(project.name.trim() || `Project ${project.id}`)}</setName>`,
          '    </set>',
        ].join('\n'),
      ),
      '  </ListSets>',
    ].join('\n');
  }

  async function list(
    verb: 'ListIdentifiers' | 'ListRecords',
    state: OaiListState,
  ): Promise<string | OaiError> {
    if (!isOaiMetadataPrefix(state.metadataPrefix)) {
      return {
        code: 'cannotDisseminateFormat',
        message: `"${state.metadataPrefix}" is not a metadata format of this repository (${Object.keys(OAI_METADATA_FORMATS).join(', ')}).`,
      };
    }
    const prefix = state.metadataPrefix;
    const projectId = state.set === undefined ? undefined : projectOfSet(state.set);
    if (projectId === null) {
      return { code: 'noRecordsMatch', message: `There is no set "${state.set}".` };
    }
    const date = (value: string | undefined, end: boolean) => {
      if (value === undefined) return undefined;
      const parsed = parseOaiDate(value, '');
      return isOaiError(parsed) ? undefined : end ? parsed.end : parsed.start;
    };
    const { rows, total } = await repo.records(
      db,
      {
        publicStates: PUBLIC_STATES,
        projectId,
        from: date(state.from, false),
        until: date(state.until, true),
      },
      { offset: state.cursor, limit: options.pageSize },
    );
    if (rows.length === 0) {
      if (state.cursor > 0) {
        return { code: 'badResumptionToken', message: 'The resumption token is past the list.' };
      }
      return { code: 'noRecordsMatch', message: 'No record matches the arguments.' };
    }
    const items = await Promise.all(
      rows.map(async (row) =>
        verb === 'ListIdentifiers'
          ? oaiHeaderXml(headerOf(row))
          : oaiRecordXml(
              headerOf(row),
              row.withdrawn_at === null ? await metadataOf(row, prefix) : null,
            ),
      ),
    );
    const end = state.cursor + rows.length;
    // A list given in more than one page ends with an empty token (the protocol's last page).
    const token =
      end < total
        ? resumptionTokenXml(encodeResumptionToken({ ...state, cursor: end }), state.cursor, total)
        : state.cursor > 0
          ? resumptionTokenXml(null, state.cursor, total)
          : null;
    return [`  <${verb}>`, ...items, ...(token === null ? [] : [token]), `  </${verb}>`].join('\n');
  }

  async function getRecord(identifier: string, prefix: string): Promise<string | OaiError> {
    const record = await recordOf(identifier);
    if (isOaiError(record)) return record;
    if (!isOaiMetadataPrefix(prefix)) {
      return {
        code: 'cannotDisseminateFormat',
        message: `"${prefix}" is not a metadata format of this repository.`,
      };
    }
    const header = headerOf(record);
    const metadata = header.deleted ? null : await metadataOf(record, prefix);
    return ['  <GetRecord>', oaiRecordXml(header, metadata), '  </GetRecord>'].join('\n');
  }

  return {
    /** The answer to one request (its query string or form), as a complete XML document. */
    async answer(query: Record<string, string | string[] | undefined>): Promise<string> {
      const respond = (request: Record<string, string> | null, body: string | OaiError) =>
        oaiResponseXml({ responseDate: new Date(), baseUrl, request, body });
      const parsed = parseOaiRequest(query);
      if (isOaiError(parsed)) return respond(null, parsed);
      const { verb, args } = parsed;
      const request = { verb, ...args };
      switch (verb) {
        case 'Identify':
          return respond(request, await identify());
        case 'ListMetadataFormats':
          return respond(request, await listMetadataFormats(args.identifier));
        case 'ListSets':
          return respond(
            request,
            args.resumptionToken === undefined
              ? await listSets()
              : { code: 'badResumptionToken', message: 'ListSets is answered in one page.' },
          );
        case 'GetRecord':
          return respond(request, await getRecord(args.identifier!, args.metadataPrefix!));
        case 'ListIdentifiers':
        case 'ListRecords': {
          const state =
            args.resumptionToken === undefined
              ? {
                  metadataPrefix: args.metadataPrefix!,
                  ...(args.set === undefined ? {} : { set: args.set }),
                  ...(args.from === undefined ? {} : { from: args.from }),
                  ...(args.until === undefined ? {} : { until: args.until }),
                  cursor: 0,
                }
              : decodeResumptionToken(args.resumptionToken);
          return respond(request, isOaiError(state) ? state : await list(verb, state));
        }
      }
    },
  };
}
export type OaiPmhService = ReturnType<typeof createOaiPmhService>;
