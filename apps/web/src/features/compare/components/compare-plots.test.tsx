import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupSummary } from '@coral/core/analysis';
import { ChartDownloads } from '@/components/charts';
import { saveFile } from '@/lib/save-file';
import { GroupMeansPlot } from './compare-plots';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

const summary = (mean: number) => ({ n: 3, mean, sd: 0.4 });
const group = (name: string, mean: number): GroupSummary => ({
  name,
  observations: 3,
  absolute: { ed5: summary(mean - 2), ed50: summary(mean), ed95: summary(mean + 2) },
  relative: { ed5: summary(mean - 30), ed50: summary(mean - 28), ed95: summary(mean - 26) },
});

describe('the Compare page’s plots as PNG (decision 0067)', () => {
  const drawn: { canvas: HTMLCanvasElement | null } = { canvas: null };
  beforeEach(() => {
    // jsdom draws no images and has no canvas: an image that loads at once, a canvas that
    // records its size and answers with a PNG signature.
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null;
        set src(_: string) {
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      drawn.canvas = this;
      return { fillRect: () => {}, drawImage: () => {} } as unknown as CanvasRenderingContext2D;
    } as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) =>
      callback(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves the group means plot as a PNG at twice its drawn size (640 wide)', async () => {
    render(
      <ChartDownloads title="ED50 by species">
        <GroupMeansPlot
          groups={[group('Porites lobata', 36.1), group('Pocillopora verrucosa', 35.2)]}
          scale="absolute"
          letters={{ 'Porites lobata': 'a', 'Pocillopora verrucosa': 'b' }}
        />
      </ChartDownloads>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('ED50_by_species.png');
    expect(blob.type).toBe('image/png');
    // Two rows of 26 px between the margins (12 above, 36 below): 100 px high, drawn at 2×.
    expect([drawn.canvas!.width, drawn.canvas!.height]).toEqual([1280, 200]);
  });
});
