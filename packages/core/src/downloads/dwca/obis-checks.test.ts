import { describe, expect, it } from 'vitest';
import { mixedContext, SEED_COLONIES } from '../../../test/download-test-data';
import { writeDownload } from '../../../test/download-in-memory';
import {
  checkDate,
  checkEventDate,
  checkEventIds,
  checkExtensionEventIds,
  checkFields,
  readDwcaTable,
} from '../../../test/obistools';

/**
 * OBIS' checks (obistools, ported in test/obistools.ts) on the archive of the seed's map view:
 * every seed colony, as the map shows them without a filter.
 */
describe("obistools' checks on the seed's Darwin Core Archive", () => {
  const files = writeDownload('dwca', mixedContext(), SEED_COLONIES);
  const event = readDwcaTable(files['event.txt']!);
  const occurrence = readDwcaTable(files['occurrence.txt']!);
  const emof = readDwcaTable(files['extendedmeasurementorfact.txt']!);

  it('check_eventids: eventID and parentEventID present, unique, every parent an event', () => {
    expect(checkEventIds(event.rows, event.columns)).toEqual([]);
    // The hierarchy: every assay has its site as parent, and sites are events of their own.
    const assays = event.rows.filter((row) => row.eventType === 'CBASS assay');
    expect(assays.length).toBeGreaterThan(0);
    expect(assays.every((row) => row.parentEventID!.includes('#site-'))).toBe(true);
    expect(event.rows.filter((row) => row.eventType === 'Site').length).toBeGreaterThan(0);
  });

  it("writes each site once, after the assays, as their parent, dated by its assays' dates", () => {
    const sites = event.rows.filter((e) => e.eventType === 'Site');
    expect(new Set(sites.map((e) => e.eventID)).size).toBe(sites.length);
    const site = sites.find(
      (e) => e.eventID === 'https://corals.example.org/datasets/1/versions/1#site-Vatu-o-lalai',
    )!;
    // The seed's assays at Vatu-o-lalai ran from 2022-09-18 to 2022-12-08.
    const dates = [
      ...new Set(
        SEED_COLONIES.flatMap((c) => c.assays)
          .filter((a) => a.name === 'Vatu-o-lalai')
          .map((a) => a.date!),
      ),
    ].sort();
    expect([dates[0], dates.at(-1)]).toEqual(['2022-09-18', '2022-12-08']);
    expect(site).toMatchObject({
      parentEventID: '',
      eventDate: '2022-09-18/2022-12-08',
      locality: 'Vatu-o-lalai',
      countryCode: 'FJ',
      eventRemarks: '',
    });
    const children = event.rows.filter((e) => e.parentEventID === site.eventID);
    expect(children.map((e) => e.eventDate).sort()).toEqual(dates);
    // A site name with characters a URL fragment may not hold is percent-encoded.
    expect(sites.every((e) => /#site-[A-Za-z0-9%._~!*'()-]+$/.test(e.eventID!))).toBe(true);
  });

  it('check_extension_eventids: every occurrence and measurement names an event of the core', () => {
    expect(checkExtensionEventIds(event.rows, occurrence.rows)).toEqual([]);
    expect(checkExtensionEventIds(event.rows, emof.rows)).toEqual([]);
  });

  it('check_eventdate: every event and occurrence has a valid date (sites: an interval)', () => {
    expect(checkEventDate(event.rows, event.columns)).toEqual([]);
    expect(checkEventDate(occurrence.rows, occurrence.columns)).toEqual([]);
    expect(event.rows.some((row) => row.eventDate!.includes('/'))).toBe(true);
  });

  it('check_fields: no error but scientificNameID where WoRMS has not matched the name (not asked in tests)', () => {
    const errors = checkFields(occurrence.rows, occurrence.columns);
    // The seed's names are not checked against WoRMS in the core tests (decision 0049): the
    // identifier is empty, which OBIS reports; every other required field is there.
    expect(errors.filter((e) => e.field !== 'scientificNameID')).toEqual([]);
    expect(errors).toHaveLength(occurrence.rows.length);
    const matched = occurrence.rows.map((row) => ({
      ...row,
      scientificNameID: 'urn:lsid:marinespecies.org:taxname:1',
    }));
    expect(checkFields(matched, occurrence.columns)).toEqual([]);
  });

  it('the ported checks fail where obistools fails', () => {
    expect(checkEventIds([{ eventID: 'a' }], ['eventID'])).toEqual([
      { field: 'parentEventID', level: 'error', message: 'Field parentEventID is missing' },
    ]);
    expect(
      checkEventIds(
        [
          { eventID: 'a', parentEventID: '' },
          { eventID: 'a', parentEventID: 'b' },
        ],
        ['eventID', 'parentEventID'],
      ).map((e) => e.message),
    ).toEqual(['eventID a is duplicated', 'parentEventID b has no corresponding eventID']);
    expect(checkExtensionEventIds([{ eventID: 'a' }], [{ eventID: 'x' }])[0]!.message).toBe(
      'eventID x has no corresponding eventID in the core',
    );
    expect(
      ['2022-09-20', '2022-09-20/2022-11-29', '2022-09-20/29', '2022', '2022-09-20T10:00Z'].map(
        checkDate,
      ),
    ).toEqual([true, true, true, true, true]);
    expect(['', '20.09.2022', '2022-09-20/x/y', 'Sept 2022'].map(checkDate)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(checkFields([{ eventDate: '' }], ['eventDate'])).toContainEqual({
      field: 'eventDate',
      level: 'error',
      row: 1,
      message: 'Empty value for required field eventDate',
    });
  });
});
