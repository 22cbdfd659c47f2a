import { Fragment } from 'react';
import { PAM_INSTRUMENTS, RAMP_HOLD_PROFILES, type TAssayProtocol } from '@coral/core';

/** The protocol's fields that are set, as [term, description] pairs. */
export function protocolEntries(protocol: TAssayProtocol): [string, string][] {
  const entries: [string, string][] = [];
  const profile = protocol.ramp_hold_profile;
  if (profile !== null) {
    entries.push([
      'Ramp/hold profile',
      profile === 'other' && protocol.ramp_hold_other
        ? protocol.ramp_hold_other
        : RAMP_HOLD_PROFILES[profile].label,
    ]);
  }
  if (protocol.hold_temperatures_c.length > 0) {
    entries.push([
      'Hold temperatures',
      protocol.hold_temperatures_c.map((t) => `${t}\u00a0°C`).join(', '),
    ]);
  }
  if (protocol.hold_duration_minutes !== null) {
    entries.push(['Hold duration', `${protocol.hold_duration_minutes} min`]);
  }
  const instrument = protocol.pam_instrument;
  if (instrument !== null) {
    entries.push([
      'PAM instrument',
      instrument === 'other' && protocol.pam_instrument_other
        ? protocol.pam_instrument_other
        : PAM_INSTRUMENTS[instrument].label,
    ]);
  }
  for (const { timepoint, meaning } of protocol.timepoints) {
    entries.push([`Timepoint ${timepoint}`, meaning]);
  }
  return entries;
}

/** The assay protocol as a definition list, only the fields that are set; nothing when none is. */
export function DatasetProtocol({ protocol }: { protocol: TAssayProtocol }) {
  const entries = protocolEntries(protocol);
  if (entries.length === 0) return null;
  return (
    <>
      <h3 className="h6">Assay protocol</h3>
      <dl className="row mb-3">
        {entries.map(([term, description]) => (
          <Fragment key={term}>
            <dt className="col-sm-4">{term}</dt>
            <dd className="col-sm-8">{description}</dd>
          </Fragment>
        ))}
      </dl>
    </>
  );
}
