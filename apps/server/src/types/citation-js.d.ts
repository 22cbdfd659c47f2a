/**
 * The part of citation-js the server uses (the packages ship no type declarations): a `Cite`
 * holding CSL-JSON items, formatted as BibTeX, RIS or CSL-JSON by the plugins, which register
 * themselves when imported.
 */
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown, options?: Record<string, unknown>);
    format(
      format: 'bibtex' | 'biblatex' | 'ris' | 'data',
      options?: { format?: 'text' | 'object' },
    ): string;
    data: Record<string, unknown>[];
  }
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-csl';
