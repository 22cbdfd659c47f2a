import { describe, expect, it } from 'vitest';
import { firstFreeUsername, usernameBase } from './orcid-sign-in.service';

const ID = '0000-0002-1825-0097';

describe('usernames of accounts made by an ORCID sign-in', () => {
  it('come from the name in the ID token, as ASCII joined by dots', () => {
    expect(usernameBase({ given_name: 'Josiah', family_name: 'Carberry' }, ID)).toBe(
      'josiah.carberry',
    );
    expect(usernameBase({ name: "Siobhán O'Brien-Núñez" }, ID)).toBe('siobhan.o.brien.nunez');
    expect(usernameBase({ given_name: '  Ann ', family_name: '' }, ID)).toBe('ann');
  });

  it('fall back to the iD when the token has no usable name', () => {
    expect(usernameBase({}, ID)).toBe(`orcid-${ID}`);
    expect(usernameBase({ given_name: '王', family_name: '芳' }, ID)).toBe(`orcid-${ID}`);
    expect(usernameBase({ name: '1234' }, ID)).toBe(`orcid-${ID}`);
  });

  it('stay short', () => {
    expect(usernameBase({ name: 'a'.repeat(300) }, ID)).toHaveLength(60);
  });

  it('take the first free of base, base-2, base-3, …', () => {
    expect(firstFreeUsername('ann', [])).toBe('ann');
    expect(firstFreeUsername('ann', ['ann', 'ann-2', 'ann-4'])).toBe('ann-3');
  });
});
