import { ColorPicker } from 'primereact/colorpicker';
import { InputText } from 'primereact/inputtext';
import type { InputProps } from '../types';

/** Spec §5: '#' and 3 or 6 hex digits. */
export const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** `#abc` → `aabbcc` for the picker (which takes 6 digits, no '#'); null when not a §5 colour. */
export function pickerHex(v: unknown): string | null {
  if (typeof v !== 'string' || !HEX_COLOR.test(v)) return null;
  const h = v.slice(1);
  return h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
}

/**
 * Colour input: a picker beside a text box that takes the spec §5 form ('#' + 3 or 6 hex digits);
 * the picker writes `#rrggbb`, the text box keeps what is typed so validation can name a bad value.
 */
export function ColorInput({ value, onChange, invalid, id, placeholder, describedBy }: InputProps) {
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="crud-color-input" data-testid="crud-color">
      <ColorPicker value={pickerHex(text) ?? '0960bd'} onChange={(e) => onChange(`#${String(e.value)}`)} format="hex" aria-label="colour picker" />
      <InputText id={id} className={invalid ? 'p-invalid' : undefined} value={text} onChange={(e) => onChange(e.target.value)} placeholder={placeholder ?? '#0960bd'} maxLength={7} aria-describedby={describedBy} aria-invalid={invalid || undefined} />
    </div>
  );
}
