/** Namespaces of the terms the archive uses (Darwin Core, Dublin Core terms, OBIS). */
export const DWC = 'http://rs.tdwg.org/dwc/terms/';
export const DCTERMS = 'http://purl.org/dc/terms/';
export const OBIS = 'http://rs.iobis.org/obis/terms/';

export const ROW_TYPES = {
  event: `${DWC}Event`,
  occurrence: `${DWC}Occurrence`,
  measurement: `${OBIS}ExtendedMeasurementOrFact`,
} as const;

/** NERC P06 "Degrees Celsius": the unit identifier OBIS asks for with measurementUnitID. */
export const DEGREES_CELSIUS_UNIT_ID = 'http://vocab.nerc.ac.uk/collection/P06/current/UPAA/';
