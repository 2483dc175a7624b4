import { describe, expect, test } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { WeightsEditor, type WeightItem } from '../../web/crud/parts/WeightsEditor';
import { DragTree, locate } from '../../web/crud/parts/DragTree';

/** The storefront's generic parts (web/parts): the weights editor and the drag-and-drop tree. */

function Weights({ start }: { start: WeightItem[] }) {
  const [items, setItems] = useState(start);
  return <WeightsEditor items={items} onChange={setItems} labels={{ rank: 'Rank', item: 'Item', weight: 'Weight' }} />;
}

describe('WeightsEditor', () => {
  test('rows keep their place while each shows the position its weight gives (higher first, then id)', () => {
    render(<Weights start={[{ id: 1, label: 'A', weight: 5 }, { id: 2, label: 'B', weight: 9 }, { id: 3, label: 'C', weight: 5 }]} />);
    const rank = (id: number) => within(screen.getAllByTestId('weights-row').find((r) => r.dataset.id === String(id))!).getByTestId('weights-rank').textContent;
    expect([rank(1), rank(2), rank(3)]).toEqual(['2', '1', '3']);
    const input = screen.getByLabelText('C');
    fireEvent.change(input, { target: { value: '20' } });
    fireEvent.blur(input);
    expect(screen.getAllByTestId('weights-row').map((r) => r.dataset.id)).toEqual(['1', '2', '3']);
    expect([rank(1), rank(2), rank(3)]).toEqual(['3', '2', '1']);
  });
});

describe('DragTree', () => {
  test('locate answers the parent and index of a node after a drop', () => {
    const tree = [{ key: '1', children: [{ key: '4' }, { key: '5' }] }, { key: '2', children: [] }];
    expect(locate(tree, '5')).toEqual({ parentId: 1, index: 1 });
    expect(locate(tree, '2')).toEqual({ parentId: 0, index: 1 });
    expect(locate(tree, '9')).toBeNull();
  });

  test('draws every node expanded with its actions; muted nodes are marked', () => {
    render(<DragTree nodes={[{ id: 1, label: 'Games', children: [{ id: 2, label: 'Hot', muted: true, children: [] }] }]} actions={(n, depth) => <button type="button">{`edit ${n.label} ${depth}`}</button>} />);
    expect(screen.getByText('Hot')).toBeTruthy();
    expect(screen.getByText('edit Hot 2')).toBeTruthy();
    expect(screen.getAllByTestId('tree-node').find((n) => n.dataset.id === '2')!.className).toContain('parts-tree__node--hidden');
  });
});
