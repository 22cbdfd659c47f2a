import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { MAP_API } from '../testing/map-stubs';

// Leaflet needs a laid-out page: the map is a stub (covered by the browser journeys).
vi.mock('../leaflet/colony-map-controller', () => import('../testing/map-stubs'));

const api = MAP_API;

async function openMap(path = '/map') {
  const view = renderApp(path, api);
  await screen.findByText(/of 3 colonies$/, {}, { timeout: 3000 });
  return view;
}
const apply = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Apply Filters/ });
const slider = (name: string) => screen.getByRole<HTMLInputElement>('slider', { name });

/** Typed ED ranges and ranges from the address beyond the data (decision 0056). */
describe('the ED ranges beside the sliders', () => {
  it('takes exact values typed beside the sliders, and refuses bad ones with a message (decision 0056)', async () => {
    const user = userEvent.setup();
    const { router } = await openMap();
    const group = screen.getByRole('group', { name: 'ED50 (Thermal Tolerance)' });
    const min = within(group).getByRole('textbox', {
      name: 'ED50 (Thermal Tolerance) minimum in °C',
    });
    const max = within(group).getByRole('textbox', {
      name: 'ED50 (Thermal Tolerance) maximum in °C',
    });
    expect((min as HTMLInputElement).value).toBe('32.11');
    expect((max as HTMLInputElement).value).toBe('44.06');

    // Not a number: a message, the field marked, nothing changed.
    await user.clear(min);
    await user.type(min, 'abc{Enter}');
    expect(within(group).getByRole('alert').textContent).toBe(
      'Enter the minimum as a number between 32.11 and 44.06 °C.',
    );
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(min.getAttribute('aria-describedby')).toBe(within(group).getByRole('alert').id);
    expect(within(group).getByText('Min: 32.1°C')).toBeTruthy();
    expect(within(group).queryByText('Active')).toBeNull();
    // Outside the data, and crossing the maximum: refused the same way.
    await user.clear(min);
    await user.type(min, '50{Enter}');
    expect(within(group).getByRole('alert').textContent).toBe(
      'The minimum must be between 32.11 and 44.06 °C.',
    );
    await user.clear(max);
    await user.type(max, '35');
    await user.clear(min);
    await user.type(min, '36.5');
    await user.tab();
    expect(within(group).getByRole('alert').textContent).toBe(
      'The minimum must not be above the maximum.',
    );
    expect(slider('ED50 (Thermal Tolerance) minimum').value).toBe('32.11');

    // A valid pair (a decimal comma too) moves the thumbs and applies like them.
    await user.clear(min);
    await user.type(min, '36,25{Enter}');
    await user.clear(max);
    await user.type(max, '40{Enter}');
    expect(within(group).queryByRole('alert')).toBeNull();
    expect(slider('ED50 (Thermal Tolerance) minimum').value).toBe('36.25');
    expect(slider('ED50 (Thermal Tolerance) maximum').value).toBe('40');
    expect(within(group).getByText('Active')).toBeTruthy();
    await user.click(apply());
    await waitFor(() => expect(router.state.location.search).toBe('?absThermalTolerance=36.25,40'));
  });

  it('narrows a range from the address that reaches beyond the data, and says so in the address (decision 0056)', async () => {
    const { router } = await openMap('/map?absThermalTolerance=30,40');
    await waitFor(() => expect(router.state.location.search).toBe('?absThermalTolerance=32.11,40'));
    const group = screen.getByRole('group', { name: 'ED50 (Thermal Tolerance)' });
    expect(within(group).getByText('Min: 32.1°C')).toBeTruthy();
    expect(within(group).getByText('Max: 40.0°C')).toBeTruthy();
    expect(slider('ED50 (Thermal Tolerance) minimum').value).toBe('32.11');
  });

  it('drops a range from the address that covers all the data (decision 0056)', async () => {
    const { router } = await openMap('/map?absThermalTolerance=20,50&years=2022');
    await waitFor(() => expect(router.state.location.search).toBe('?years=2022'));
    const group = screen.getByRole('group', { name: 'ED50 (Thermal Tolerance)' });
    expect(within(group).getByText('Min: 32.1°C')).toBeTruthy();
    expect(within(group).queryByText('Active')).toBeNull();
  });
});
