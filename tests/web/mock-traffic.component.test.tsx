import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRAFFIC_KINDS, type TrafficInfo, type TrafficUpdate } from '../../server/contract/mock-qa';
import { DemoTraffic } from '../../web/app/mock-panel/DemoTraffic';
import { calls, mockApi, render } from './component/setup';

/*
 * The Mock panel's "Demo traffic" section: the switch starts and stops the traffic with the rate and
 * kinds on screen (`/v1/mock/traffic/update`), "Apply" sends a changed rate or kinds, bad input is
 * refused on screen without a call, and the section says what the traffic has made.
 */

function serve(start: Partial<TrafficInfo> = {}) {
  let info: TrafficInfo = { enabled: false, perMinute: 30, kinds: [...TRAFFIC_KINDS], ticks: 0, made: {}, ...start };
  mockApi('/v1/mock/traffic/info', () => info);
  mockApi('/v1/mock/traffic/update', (b) => {
    const u = b as TrafficUpdate;
    info = { ...info, enabled: u.enabled, perMinute: u.perMinute, kinds: u.kinds ?? [...TRAFFIC_KINDS] };
    return info;
  });
}
const updates = () => calls.filter((c) => c.path === '/v1/mock/traffic/update').map((c) => c.body);
const section = () => screen.getByTestId('mock-traffic');
/** Types a number into a PrimeReact InputNumber (it takes the typed text on blur). */
function typeNumber(input: HTMLInputElement, text: string) {
  fireEvent.focus(input);
  input.value = text;
  fireEvent.blur(input);
}
const rateInput = () => within(screen.getByTestId('mock-field-perMinute')).getByRole('spinbutton') as HTMLInputElement;

test('off at first; the switch starts it with the rate and kinds shown, and says it runs', async () => {
  serve({ ticks: 3, made: { order: 2, feedback: 1 } });
  render(<DemoTraffic open />);
  expect(await screen.findByText('Stopped; 3 ticks so far · New orders 2 · Feedback 1')).toBeTruthy();
  expect(rateInput().value).toContain('30');
  for (const k of TRAFFIC_KINDS) expect(within(screen.getByTestId(`mock-traffic-kind-${k}`)).getByRole('checkbox')).toHaveProperty('checked', true);

  fireEvent.click(within(section()).getByRole('switch'));
  await waitFor(() => expect(updates()).toEqual([{ enabled: true, perMinute: 30, kinds: [...TRAFFIC_KINDS] }]));
  expect(await screen.findByText(/^Running at 30 a minute; 3 ticks so far/)).toBeTruthy();
});

test('a changed rate and kinds are sent with Apply, keeping the traffic on or off as it is', async () => {
  serve({ enabled: true });
  render(<DemoTraffic open />);
  await screen.findByText(/^Running at 30 a minute/);
  const apply = screen.getByTestId('mock-traffic-apply');
  expect(apply).toHaveProperty('disabled', true);
  typeNumber(rateInput(), '120');
  fireEvent.click(within(screen.getByTestId('mock-traffic-kind-stock')).getByRole('checkbox'));
  fireEvent.click(within(screen.getByTestId('mock-traffic-kind-payment')).getByRole('checkbox'));
  await waitFor(() => expect(apply).toHaveProperty('disabled', false));
  fireEvent.click(apply);
  await waitFor(() => expect(updates()).toEqual([{ enabled: true, perMinute: 120, kinds: ['order', 'feedback', 'refund', 'rentApply'] }]));
  expect(await screen.findByText(/^Running at 120 a minute/)).toBeTruthy();
});

test('a rate out of 1–600 or no kind is refused on screen, naming the field, without a call', async () => {
  serve();
  render(<DemoTraffic open />);
  await screen.findByText(/^Stopped/);
  typeNumber(rateInput(), '601');
  for (const k of TRAFFIC_KINDS) fireEvent.click(within(screen.getByTestId(`mock-traffic-kind-${k}`)).getByRole('checkbox'));
  fireEvent.click(within(section()).getByRole('switch'));
  expect(await screen.findByTestId('mock-error-kinds')).toHaveProperty('textContent', 'Choose at least one kind of event');
  expect(screen.getByTestId('mock-error-perMinute').textContent).toBe('The rate must be a whole number of events per minute from 1 to 600');
  expect(updates()).toEqual([]);
});
