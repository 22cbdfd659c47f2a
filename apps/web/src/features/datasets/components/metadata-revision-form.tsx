import {
  DATASET_LIMITS,
  LICENCE_IDS,
  LICENCES,
  REVISION_LIMITS,
  type LicenceId,
  type TDatasetDetail,
  type TMetadataRevisionRequestInput,
} from '@coral/core';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useId, useState, type FormEvent } from 'react';
import { SectionCard } from '@/components/section-card';
import { isApiError } from '@/lib/http';
import { useReviseMetadata } from '../api/revise-metadata';

interface CreatorRow {
  name: string;
  orcid: string;
  affiliation: string;
}
interface PublicationRow {
  doi: string;
  title: string;
}

/** The server's messages by field ("creators.0.orcid", "note"…), and the one for the whole. */
function problemsOf(error: unknown): { fields: Record<string, string>; general: string | null } {
  if (!error) return { fields: {}, general: null };
  if (!isApiError(error)) return { fields: {}, general: (error as Error).message };
  const body = error.body as { error?: string; details?: unknown } | undefined;
  const fields: Record<string, string> = {};
  for (const detail of Array.isArray(body?.details) ? (body.details as unknown[]) : []) {
    if (typeof detail === 'string') {
      const at = detail.indexOf(': ');
      if (at > 0) fields[detail.slice(0, at)] ??= detail.slice(at + 2);
    } else if (typeof detail === 'object' && detail !== null) {
      const { field, message } = detail as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && typeof message === 'string') fields[field] ??= message;
    }
  }
  const general = Object.keys(fields).length > 0 ? null : (body?.error ?? error.message);
  return { fields, general };
}

/** A field's message under it, announced when it appears. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} role="alert" className="invalid-feedback d-block">
      {message}
    </div>
  );
}

/** A field's state for the eye (red border) and for assistive technology (invalid, why). */
function invalidProps(fields: Record<string, string>, prefix: string, key: string) {
  return fields[key]
    ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': `${prefix}-${key}-error` }
    : {};
}

/** One text field of a list's row. */
interface ListColumn<Row> {
  key: keyof Row & string;
  /** After "Creator 2: ". */
  label: string;
  /** The Bootstrap column's width. */
  className: string;
  /** The end of the input's id (kept as the journeys and earlier pages knew it). */
  idPart?: string;
  maxLength?: number;
  placeholder?: string;
}

const CREATOR_COLUMNS: ListColumn<CreatorRow>[] = [
  {
    key: 'name',
    label: 'name',
    className: 'col-md-4',
    maxLength: DATASET_LIMITS.creatorName,
    placeholder: 'Family, Given',
  },
  { key: 'orcid', label: 'ORCID iD', className: 'col-md-3', placeholder: '0000-0002-1825-0097' },
  {
    key: 'affiliation',
    label: 'affiliation',
    className: 'col-md-3',
    idPart: 'aff',
    maxLength: DATASET_LIMITS.affiliation,
  },
];
const PUBLICATION_COLUMNS: ListColumn<PublicationRow>[] = [
  { key: 'doi', label: 'DOI', className: 'col-md-4', placeholder: '10.1111/gcb.15148' },
  {
    key: 'title',
    label: 'title',
    className: 'col-md-6',
    maxLength: DATASET_LIMITS.publicationTitle,
  },
];

/**
 * A list of rows of text fields (the creators, the publications) with add and remove buttons;
 * the server's message for the list and for each field (`creators.1.orcid`) stands under it.
 */
function ListFieldset<Row extends { [K in keyof Row]: string }>({
  legend,
  noun,
  field,
  rows,
  setRows,
  blank,
  keepOne = false,
  columns,
  prefix,
  fields,
}: {
  legend: string;
  /** "creator": the buttons' and labels' word for a row. */
  noun: string;
  /** The request's field ("creators"), which names the server's messages. */
  field: string;
  rows: Row[];
  setRows: (update: (rows: Row[]) => Row[]) => void;
  blank: Row;
  /** The last row cannot be removed. */
  keepOne?: boolean;
  columns: ListColumn<Row>[];
  prefix: string;
  fields: Record<string, string>;
}) {
  const title = noun[0]!.toUpperCase() + noun.slice(1);
  const change = (index: number, key: keyof Row, value: string) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <fieldset className="mb-3">
      <legend className="h6">{legend}</legend>
      <FieldError id={`${prefix}-${field}-error`} message={fields[field]} />
      {rows.map((row, index) => (
        <div key={index} className="row g-2 mb-2 align-items-start">
          {columns.map((column) => {
            const key = `${field}.${index}.${column.key}`;
            return (
              <Form.Group
                key={column.key}
                className={column.className}
                controlId={`${prefix}-${noun}-${index}-${column.idPart ?? column.key}`}
              >
                <Form.Label className="small mb-0">
                  {title} {index + 1}: {column.label}
                </Form.Label>
                <Form.Control
                  value={row[column.key]}
                  maxLength={column.maxLength}
                  placeholder={column.placeholder}
                  {...invalidProps(fields, prefix, key)}
                  onChange={(e) => change(index, column.key, e.target.value)}
                />
                <FieldError id={`${prefix}-${key}-error`} message={fields[key]} />
              </Form.Group>
            );
          })}
          <div className="col-md-2 d-flex align-items-end pt-md-4">
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={keepOne && rows.length === 1}
              onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
            >
              Remove {noun} {index + 1}
            </Button>
          </div>
        </div>
      ))}
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() => setRows((all) => [...all, blank])}
      >
        Add a {noun}
      </Button>
    </fieldset>
  );
}

const blankCreator: CreatorRow = { name: '', orcid: '', affiliation: '' };
const blankPublication: PublicationRow = { doi: '', title: '' };

type Metadata = TDatasetDetail['version']['metadata'];
const creatorRows = (metadata: Metadata): CreatorRow[] =>
  metadata.creators.length > 0
    ? metadata.creators.map((c) => ({
        name: c.name,
        orcid: c.orcid ?? '',
        affiliation: c.affiliation ?? '',
      }))
    : [blankCreator];
const publicationRows = (metadata: Metadata): PublicationRow[] =>
  metadata.related_publications.map((p) => ({ doi: p.doi, title: p.title ?? '' }));

/**
 * "Complete the description" (docs/decisions/0064-metadata-revisions.md): a curator gives a
 * published version's creators with their ORCID iDs, its related publications and, when the
 * rights holder stated it, its licence with where they stated it, and says why. The server
 * checks every field and records the revision; its data do not change.
 */
export function MetadataRevisionForm({ dataset }: { dataset: TDatasetDetail }) {
  const { metadata, number } = dataset.version;
  const prefix = useId();
  const [open, setOpen] = useState(false);
  const [creators, setCreators] = useState<CreatorRow[]>(() => creatorRows(metadata));
  const [publications, setPublications] = useState<PublicationRow[]>(() =>
    publicationRows(metadata),
  );
  const [licence, setLicence] = useState<LicenceId | ''>(metadata.licence ?? '');
  const [licenceSource, setLicenceSource] = useState('');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const revise = useReviseMetadata(dataset.id, number);
  const { fields, general } = problemsOf(revise.error);
  const licenceStated = metadata.licence !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const body: TMetadataRevisionRequestInput = {
      creators: creators
        .filter((c) => c.name.trim() || c.orcid.trim() || c.affiliation.trim())
        .map((c) => ({
          name: c.name,
          orcid: c.orcid.trim() || null,
          affiliation: c.affiliation.trim() || null,
        })),
      related_publications: publications
        .filter((p) => p.doi.trim() || p.title.trim())
        .map((p) => ({ doi: p.doi, title: p.title.trim() || null })),
      note,
    };
    if (!licenceStated && licence !== '') body.licence = licence;
    if (licenceSource.trim() !== '') body.licence_source = licenceSource;
    revise.mutate(body, {
      onSuccess: (answer) => {
        setDone(answer.message);
        // The form starts again from the description as the server now stores it (iDs and
        // DOIs in their stored forms).
        const stored = answer.dataset?.version.metadata;
        if (stored) {
          setCreators(creatorRows(stored));
          setPublications(publicationRows(stored));
          setLicence(stored.licence ?? '');
        }
        setOpen(false);
        setNote('');
        setLicenceSource('');
      },
    });
  };

  const invalid = (key: string) => invalidProps(fields, prefix, key);

  return (
    <SectionCard id="metadata-revision-title" title="Complete the description">
      <p className="small text-body-secondary">
        Curators complete a published description — creators with their ORCID iDs, related
        publications, a licence its rights holder stated — as a recorded revision. The data do not
        change, and the citation of each earlier revision stays valid.
        {dataset.version.metadata_revision > 0 &&
          ` This version's description is at revision ${dataset.version.metadata_revision}.`}
      </p>
      {done && (
        <Alert variant="success" role="status">
          {done}
        </Alert>
      )}
      {!open ? (
        <Button variant="outline-primary" onClick={() => setOpen(true)}>
          Complete the description
        </Button>
      ) : (
        <Form noValidate onSubmit={submit} aria-label="Complete the description">
          {general && (
            <Alert variant="danger" role="alert">
              {general}
            </Alert>
          )}
          <ListFieldset
            legend="Creators, in citation order"
            noun="creator"
            field="creators"
            rows={creators}
            setRows={setCreators}
            blank={blankCreator}
            // A version is cited by its creators: the last one is corrected, not removed.
            keepOne
            columns={CREATOR_COLUMNS}
            prefix={prefix}
            fields={fields}
          />
          <ListFieldset
            legend="Related publications"
            noun="publication"
            field="related_publications"
            rows={publications}
            setRows={setPublications}
            blank={blankPublication}
            columns={PUBLICATION_COLUMNS}
            prefix={prefix}
            fields={fields}
          />

          <fieldset className="mb-3">
            <legend className="h6">Licence</legend>
            <Form.Group className="mb-2" controlId={`${prefix}-licence`}>
              <Form.Label className="small mb-0">Licence stated by the rights holder</Form.Label>
              <Form.Select
                value={licence}
                disabled={licenceStated}
                {...invalid('licence')}
                onChange={(e) => setLicence(e.target.value as LicenceId | '')}
              >
                <option value="">Not stated</option>
                {LICENCE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {LICENCES[id].name}
                  </option>
                ))}
              </Form.Select>
              <FieldError id={`${prefix}-licence-error`} message={fields.licence} />
              {licenceStated && (
                <Form.Text>A licence granted on published data does not change.</Form.Text>
              )}
            </Form.Group>
            {!licenceStated && (
              <Form.Group controlId={`${prefix}-licence-source`}>
                <Form.Label className="small mb-0">Where the rights holder stated it</Form.Label>
                <Form.Control
                  value={licenceSource}
                  maxLength={REVISION_LIMITS.licenceSource}
                  placeholder="E-mail of 2026-11-20 from the first author"
                  {...invalid('licence_source')}
                  onChange={(e) => setLicenceSource(e.target.value)}
                />
                <FieldError id={`${prefix}-licence_source-error`} message={fields.licence_source} />
              </Form.Group>
            )}
          </fieldset>

          <Form.Group className="mb-3" controlId={`${prefix}-note`}>
            <Form.Label>Why the description changes (recorded in the history)</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={note}
              maxLength={REVISION_LIMITS.note}
              {...invalid('note')}
              onChange={(e) => setNote(e.target.value)}
            />
            <FieldError id={`${prefix}-note-error`} message={fields.note} />
          </Form.Group>
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" disabled={revise.isPending}>
              {revise.isPending && (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              )}
              Record the revision
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </Form>
      )}
    </SectionCard>
  );
}
