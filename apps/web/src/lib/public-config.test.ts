import { describe, expect, it } from 'vitest';
import { buildConfig } from '@/testing/data';
import { ed50CalculatorUrl } from './public-config';

describe('ed50CalculatorUrl', () => {
  const here = { protocol: 'https:', hostname: 'coral.example.org' };

  it('uses the configured address', () => {
    const config = buildConfig();
    config.links.ed50Calculator = 'https://ed50.example.org/app';
    expect(ed50CalculatorUrl(config, here)).toBe('https://ed50.example.org/app');
  });

  it.each([
    [here, 3838, 'https://coral.example.org:3838/'],
    [{ protocol: 'http:', hostname: '127.0.0.1' }, 4000, 'http://127.0.0.1:4000/'],
    [{ protocol: 'http:', hostname: '::1' }, 3838, 'http://[::1]:3838/'],
  ])('falls back to this host on the calculator port: %j %s', (location, port, url) => {
    expect(ed50CalculatorUrl(buildConfig({ ed50CalculatorPort: port }), location)).toBe(url);
  });
});
