import {
  LICENCES,
  PAM_INSTRUMENTS,
  RAMP_HOLD_PROFILES,
  REVIEW_FLAG_SOURCE_LABELS,
  type TReviewItem,
} from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import { usePublicConfig } from '@/lib/public-config';
import { SitesMap } from '@/components/maps/sites-map';
import '../review.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The assay protocol in one line ("not given" for what the owner left empty). */
function protocolText(protocol: TReviewItem['protocol']): string {
  const profile = protocol.ramp_hold_profile
    ? protocol.ramp_hold_profile === 'other'
      ? (protocol.ramp_hold_other ?? 'other profile')
      : RAMP_HOLD_PROFILES[protocol.ramp_hold_profile].label
    : 'ramp and hold not given';
  const instrument = protocol.pam_instrument
    ? protocol.pam_instrument === 'other'
      ? (protocol.pam_instrument_other ?? 'other PAM')
      : PAM_INSTRUMENTS[protocol.pam_instrument].label
    : 'PAM instrument not given';
  const holds =
    protocol.hold_temperatures_c.length > 0
      ? `hold at ${protocol.hold_temperatures_c.join(', ')} °C`
      : null;
  return [profile, holds, instrument].filter(Boolean).join(' · ');
}

function changesText(item: TReviewItem): string {
  const summary = item.change_summary;
  if (!summary) return item.version === 1 ? 'First version' : 'Not compared';
  return [
    plural(summary.colonies_added, 'colony added', 'colonies added'),
    plural(summary.colonies_changed, 'colony changed', 'colonies changed'),
    plural(summary.colonies_removed, 'colony removed', 'colonies removed'),
    plural(summary.thresholds_changed, 'threshold changed', 'thresholds changed'),
  ].join(', ');
}

const STATUS_VARIANT: Record<TReviewItem['species'][number]['status'], string> = {
  accepted: 'success',
  synonym: 'info',
  near: 'warning',
  none: 'warning',
  unchecked: 'secondary',
};

/**
 * What a curator decides on (docs/decisions/0055-review-with-evidence.md): the quality flags by
 * kind with counts and examples, the species with WoRMS' answer, the sites on a map, and the
 * description (licence, creators, protocol, changes from the previous version).
 */
export function ReviewEvidence({ item, headingId }: { item: TReviewItem; headingId: string }) {
  const { tiles } = usePublicConfig();
  const title = item.title.trim() || 'Untitled dataset';
  const licence = item.licence ? LICENCES[item.licence] : null;
  return (
    <>
      <dl className="row small mb-2">
        <dt className="col-sm-3">Licence</dt>
        <dd className="col-sm-9">
          {licence ? (
            <a href={licence.url} target="_blank" rel="noreferrer">
              {licence.shortName}
            </a>
          ) : (
            'None given'
          )}
        </dd>
        <dt className="col-sm-3">Creators</dt>
        <dd className="col-sm-9">
          {item.creators.length === 0
            ? 'None given'
            : item.creators
                .map((c) => `${c.name}${c.orcid ? ` (ORCID ${c.orcid})` : ''}`)
                .join('; ')}
        </dd>
        <dt className="col-sm-3">Protocol</dt>
        <dd className="col-sm-9">{protocolText(item.protocol)}</dd>
        <dt className="col-sm-3">Changes</dt>
        <dd className="col-sm-9">{changesText(item)}</dd>
      </dl>

      <section aria-labelledby={`${headingId}-flags`} className="mb-3">
        <h3 className="h6" id={`${headingId}-flags`}>
          Quality flags ({item.flag_count})
        </h3>
        {item.flags.length === 0 ? (
          <p className="small mb-0">No quality flags.</p>
        ) : (
          <ul className="list-unstyled small mb-0">
            {item.flags.map((group) => (
              <li key={`${group.source}-${group.code}`} className="mb-2">
                <Badge bg="warning" text="dark" className="me-2">
                  {group.count}
                </Badge>
                <strong>{group.label}</strong>{' '}
                <span className="text-body-secondary">
                  ({REVIEW_FLAG_SOURCE_LABELS[group.source]}
                  {group.counted ? '' : '; the same problem as the upload check’s, counted once'})
                </span>
                {group.examples.length > 0 && (
                  <ul className="mb-0">
                    {group.examples.map((example, index) => (
                      <li key={index} className="text-break">
                        {example}
                      </li>
                    ))}
                    {group.count > group.examples.length && (
                      <li className="text-body-secondary">
                        …and {group.count - group.examples.length} more
                      </li>
                    )}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${headingId}-species`} className="mb-3">
        <h3 className="h6" id={`${headingId}-species`}>
          Species ({item.species.length})
        </h3>
        <ul className="list-unstyled small mb-0">
          {item.species.map((species) => (
            <li key={species.name} className="mb-1">
              <em>{species.name}</em>: {plural(species.colonies, 'colony', 'colonies')}{' '}
              <Badge
                bg={STATUS_VARIANT[species.status]}
                text={STATUS_VARIANT[species.status] === 'warning' ? 'dark' : undefined}
              >
                {species.status_label}
              </Badge>
              {species.status === 'synonym' && species.accepted_name && (
                <> (accepted: {species.accepted_name})</>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${headingId}-sites`} className="mb-3 review-sites">
        <h3 className="h6" id={`${headingId}-sites`}>
          Sites ({item.sites.length})
        </h3>
        {item.sites.length > 0 && (
          <SitesMap tiles={tiles} sites={item.sites} label={`Map of the sites of ${title}`} />
        )}
      </section>
    </>
  );
}
