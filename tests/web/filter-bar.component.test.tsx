import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Type } from 'typebox';
import { F } from '../../server/contract/fields';
import { FilterBar, type FilterField } from '../../web/crud';
import { render } from './component/setup';

/**
 * The kit's filter bar (web/crud/FilterBar.tsx): a query's inputs on the one form engine. It shows
 * the wire values it is given, submits the valid query as the wire takes it, refuses what the
 * contract's schema refuses beside the input, and follows new values.
 */
const Query = Type.Object({ minAmount: Type.Optional(F.money()), startDate: Type.Optional(F.date()), endDate: Type.Optional(F.date()), q: Type.Optional(Type.String({ maxLength: 5 })) }, { additionalProperties: false });
// The range picker is replaced by a button picking 1–3 February the way the kit's picker writes it (whole days).
const fields: FilterField[] = [
  { name: 'minAmount', label: 'Minimum', placeholder: 'Minimum' },
  { name: 'startDate', label: 'Period', override: { rangeEnd: 'endDate' }, render: (p) => <button type="button" id={p.id} onClick={() => p.onChange(['2026-02-01 00:00:00', '2026-02-03 23:59:59'])}>{JSON.stringify(p.value)}</button> },
  { name: 'q', label: (v) => (v.minAmount ? `Text over ${String(v.minAmount)}` : 'Text'), placeholder: 'Text' },
];

describe('FilterBar', () => {
  test('starts from the wire values and submits the query as the wire takes it, empty fields left out', async () => {
    const submit = vi.fn();
    render(<FilterBar fields={fields} schema={Query} values={{ minAmount: 1250, startDate: '2026-01-01', endDate: '2026-01-31' }} onSubmit={submit} testIds={{ submit: 'go' }} />);
    // Money typed in yuan, the range one picker over both fields, each input named by its (hidden) label.
    expect((screen.getByLabelText('Minimum') as HTMLInputElement).value).toContain('12.50');
    expect(screen.getByLabelText('Period').textContent).toBe('["2026-01-01","2026-01-31"]');
    expect(screen.getByLabelText('Text over 12.5')).toBeTruthy();
    fireEvent.click(screen.getByTestId('go'));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ minAmount: 1250, startDate: '2026-01-01', endDate: '2026-01-31' }));
    // A range picked: its whole days cut to the schema's days; Enter in a text submits.
    fireEvent.click(screen.getByLabelText('Period'));
    fireEvent.change(screen.getByPlaceholderText('Text'), { target: { value: ' ab ' } });
    fireEvent.submit(screen.getByPlaceholderText('Text').closest('form')!);
    await waitFor(() => expect(submit).toHaveBeenLastCalledWith({ minAmount: 1250, startDate: '2026-02-01', endDate: '2026-02-03', q: 'ab' }));
  });

  test("what the contract's schema refuses is said beside its input, and nothing is submitted", async () => {
    const submit = vi.fn();
    render(<FilterBar fields={fields} schema={Query} values={{}} onSubmit={submit} testIds={{ submit: 'go' }} />);
    const text = screen.getByPlaceholderText('Text');
    fireEvent.change(text, { target: { value: 'too long' } });
    fireEvent.click(screen.getByTestId('go'));
    expect((await screen.findByRole('alert')).textContent).toBe('Text must be at most 5 characters');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(submit).not.toHaveBeenCalled();
  });

  test('new values (the query asked, a URL) reset the bar to them; the same values keep what is typed', async () => {
    const { rerender } = render(<FilterBar fields={fields} schema={Query} values={{ q: 'a' }} onSubmit={() => {}} />);
    const text = () => screen.getByPlaceholderText('Text') as HTMLInputElement;
    fireEvent.change(text(), { target: { value: 'abc' } });
    rerender(<FilterBar fields={fields} schema={Query} values={{ q: 'a' }} onSubmit={() => {}} />);
    expect(text().value).toBe('abc');
    rerender(<FilterBar fields={fields} schema={Query} values={{ q: 'xy' }} onSubmit={() => {}} />);
    await waitFor(() => expect(text().value).toBe('xy'));
  });
});
