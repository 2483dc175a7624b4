import { InputNumber } from 'primereact/inputnumber';

/** A row of the weights editor: a record's id, its label and its sort weight. */
export interface WeightItem {
  id: number;
  label: string;
  weight: number;
}

/**
 * Edits the weights of several items at once. Rows keep their place while typing; each shows the
 * position it will take (higher weight first, then id), so the operator sees the new order before
 * saving. Generic: items come from any weighted list (recommend relations, featured games…).
 */
export function WeightsEditor({ items, onChange, labels, min = 0, max = 9999 }: {
  items: WeightItem[];
  onChange: (items: WeightItem[]) => void;
  /** Column headers in the current language (the parts have no texts of their own). */
  labels: { rank: string; item: string; weight: string };
  min?: number;
  max?: number;
}) {
  const rank = new Map([...items].sort((a, b) => b.weight - a.weight || a.id - b.id).map((it, k) => [it.id, k + 1]));
  return (
    <div className="parts-weights" data-testid="weights-editor">
      <div className="parts-weights__row parts-weights__head">
        <span>{labels.rank}</span>
        <span>{labels.item}</span>
        <span>{labels.weight}</span>
      </div>
      {items.map((it) => (
        <div key={it.id} className="parts-weights__row" data-testid="weights-row" data-id={it.id}>
          <span className="parts-weights__rank" data-testid="weights-rank">{rank.get(it.id)}</span>
          <label htmlFor={`weight-${it.id}`}>{it.label}</label>
          <InputNumber
            inputId={`weight-${it.id}`}
            value={it.weight}
            min={min}
            max={max}
            useGrouping={false}
            showButtons
            onValueChange={(e) => onChange(items.map((x) => (x.id === it.id ? { ...x, weight: e.value ?? min } : x)))}
            inputStyle={{ width: 90 }}
          />
        </div>
      ))}
    </div>
  );
}
