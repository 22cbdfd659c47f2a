import { describe, expect, it } from 'vitest';
import { risReadyItem, unwrapRis } from './ris-lines';
import type { CslItem } from './csl-item';

/** What citation-js' RIS plugin does to each value (plugin-ris lib/ris.js, `.{70}` then a break). */
const wrapLikeCitationJs = (tag: string, value: string) =>
  `${tag}  - ${value.replace(/(.{70})/g, '$1\n')}`;

describe('RIS lines', () => {
  it('undoes the wrapping at 70 characters, also of values of a multiple of 70', () => {
    const abstract =
      'Thermal tolerance of corals measured with a standard CBASS assay at four reefs of the Red Sea, 2018–2019, by a team of two.';
    const seventy = 'x'.repeat(70);
    const wrapped = [
      'TY  - DATA',
      wrapLikeCitationJs('AB', abstract),
      wrapLikeCitationJs('N1', seventy),
      wrapLikeCitationJs('TI', 'y'.repeat(140)),
      'ER  - ',
    ].join('\n');
    expect(wrapped.split('\n').length).toBeGreaterThan(6); // it is wrapped
    expect(unwrapRis(wrapped)).toBe(
      [
        'TY  - DATA',
        `AB  - ${abstract}`,
        `N1  - ${seventy}`,
        `TI  - ${'y'.repeat(140)}`,
        'ER  - ',
      ].join('\n'),
    );
    // Short lines and a file without wrapping are unchanged.
    expect(unwrapRis('TY  - DATA\nTI  - short\nER  - \n')).toBe(
      'TY  - DATA\nTI  - short\nER  - \n',
    );
  });

  it('makes line breaks inside text values spaces', () => {
    const item = {
      id: 'a',
      title: 'Two\nlines',
      abstract: 'One\r\nand\u2028more',
    } as unknown as CslItem;
    expect(risReadyItem(item)).toMatchObject({ title: 'Two lines', abstract: 'One and more' });
  });
});
