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

  /** A field's state for the eye (red border) and for assistive technology (invalid, why). */
  const invalid = (key: string) =>
    fields[key]
      ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': `${prefix}-${key}-error` }
      : {};
  const setCreator = (index: number, change: Partial<CreatorRow>) =>
    setCreators((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const setPublication = (index: number, change: Partial<PublicationRow>) =>
    setPublications((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

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
          <fieldset className="mb-3">
            <legend className="h6">Creators, in citation order</legend>
            <FieldError id={`${prefix}-creators-error`} message={fields.creators} />
            {creators.map((row, index) => (
              <div key={index} className="row g-2 mb-2 align-items-start">
                <Form.Group className="col-md-4" controlId={`${prefix}-creator-${index}-name`}>
                  <Form.Label className="small mb-0">Creator {index + 1}: name</Form.Label>
                  <Form.Control
                    value={row.name}
                    maxLength={DATASET_LIMITS.creatorName}
                    placeholder="Family, Given"
                    {...invalid(`creators.${index}.name`)}
                    onChange={(e) => setCreator(index, { name: e.target.value })}
                  />
                  <FieldError
                    id={`${prefix}-creators.${index}.name-error`}
                    message={fields[`creators.${index}.name`]}
                  />
                </Form.Group>
                <Form.Group className="col-md-3" controlId={`${prefix}-creator-${index}-orcid`}>
                  <Form.Label className="small mb-0">Creator {index + 1}: ORCID iD</Form.Label>
                  <Form.Control
                    value={row.orcid}
                    placeholder="0000-0002-1825-0097"
                    {...invalid(`creators.${index}.orcid`)}
                    onChange={(e) => setCreator(index, { orcid: e.target.value })}
                  />
                  <FieldError
                    id={`${prefix}-creators.${index}.orcid-error`}
                    message={fields[`creators.${index}.orcid`]}
                  />
                </Form.Group>
                <Form.Group className="col-md-3" controlId={`${prefix}-creator-${index}-aff`}>
                  <Form.Label className="small mb-0">Creator {index + 1}: affiliation</Form.Label>
                  <Form.Control
                    value={row.affiliation}
                    maxLength={DATASET_LIMITS.affiliation}
                    onChange={(e) => setCreator(index, { affiliation: e.target.value })}
                  />
                </Form.Group>
                <div className="col-md-2 d-flex align-items-end pt-md-4">
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    disabled={creators.length === 1}
                    onClick={() => setCreators((rows) => rows.filter((_, i) => i !== index))}
                  >
                    Remove creator {index + 1}
                  </Button>
                </div>
              </div>
            ))}
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => setCreators((rows) => [...rows, blankCreator])}
            >
              Add a creator
            </Button>
          </fieldset>

          <fieldset className="mb-3">
            <legend className="h6">Related publications</legend>
            {publications.map((row, index) => (
              <div key={index} className="row g-2 mb-2 align-items-start">
                <Form.Group className="col-md-4" controlId={`${prefix}-publication-${index}-doi`}>
                  <Form.Label className="small mb-0">Publication {index + 1}: DOI</Form.Label>
                  <Form.Control
                    value={row.doi}
                    placeholder="10.1111/gcb.15148"
                    {...invalid(`related_publications.${index}.doi`)}
                    onChange={(e) => setPublication(index, { doi: e.target.value })}
                  />
                  <FieldError
                    id={`${prefix}-related_publications.${index}.doi-error`}
                    message={fields[`related_publications.${index}.doi`]}
                  />
                </Form.Group>
                <Form.Group className="col-md-6" controlId={`${prefix}-publication-${index}-title`}>
                  <Form.Label className="small mb-0">Publication {index + 1}: title</Form.Label>
                  <Form.Control
                    value={row.title}
                    maxLength={DATASET_LIMITS.publicationTitle}
                    onChange={(e) => setPublication(index, { title: e.target.value })}
                  />
                </Form.Group>
                <div className="col-md-2 d-flex align-items-end pt-md-4">
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    onClick={() => setPublications((rows) => rows.filter((_, i) => i !== index))}
                  >
                    Remove publication {index + 1}
                  </Button>
                </div>
              </div>
            ))}
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => setPublications((rows) => [...rows, blankPublication])}
            >
              Add a publication
            </Button>
          </fieldset>

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
