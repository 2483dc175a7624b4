import { describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Summary } from '../../server/contract/summary';
import { configureCrud } from '../../web/crud/env';
import AnalysisPage from '../../web/pages/dashboard/analysis.page';
import { mockApi, render } from './component/setup';

// The charts are ApexCharts' (a real browser's); this test reads the figures and their captions.
vi.mock('../../web/components/chart', () => ({ default: () => null }));

/** The 30 days ending 2 Dec 2026. */
const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 10, 3 + i)).toISOString().slice(0, 10));
const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const zeros = (n: number) => Array.from({ length: n }, () => 0);

/** A summary of 2 Dec 2026: visits of today, sales and orders of last month, members of the last 12 months. */
function summary(extra: Partial<Summary> = {}): Summary {
  return {
    generatedAt: '2026-12-02 10:00:00',
    pending: { orders: 3, refunds: 1, feedback: 2 },
    today: { day: '2026-12-02', orders: 17, sales: 123456 },
    growCards: {
      visits: { value: 9000, total: 300000, trend: 1.5, period: { kind: 'today', from: '2026-12-02', to: '2026-12-02' } },
      sales: { value: 5000000, total: 60000000, trend: -2, period: { kind: 'lastMonth', from: '2026-11-01', to: '2026-11-30' } },
      orders: { value: 420, total: 5000, trend: 3, period: { kind: 'lastMonth', from: '2026-11-01', to: '2026-11-30' } },
      newMembers: { value: 800, total: 2000, trend: 10, period: { kind: 'last12Months', from: '2025-12-01', to: '2026-11-30' } },
    },
    visitTrend: { daily: { labels: days, visits: zeros(30), visitors: zeros(30) }, monthly: { labels: months, visits: zeros(12), visitors: zeros(12) } },
    salesRadar: { axes: ['pointCard', 'account', 'item', 'cdk', 'membership', 'merch'], series: [{ key: 'thisYear', values: zeros(6) }, { key: 'lastYear', values: zeros(6) }] },
    memberSource: [{ key: 'app', value: 800 }],
    salesStack: { months, series: [{ category: 'pointCard', values: zeros(12) }] },
    projects: [],
    dynamics: [],
    ...extra,
  };
}

function open(s: Summary) {
  mockApi('/v1/admin/summary', () => s);
  configureCrud({ useCanOpen: () => (path) => path === '/order/index' });
  const { hook } = memoryLocation({ path: '/dashboard/analysis' });
  return render(
    <Router hook={hook}>
      <AnalysisPage />
    </Router>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('the dashboard says which period each figure covers', () => {
  test("each growth card names its period and its days; today's sales and orders link to the same day's orders", async () => {
    open(summary());
    await screen.findByTestId('grow-value-sales');
    expect(text('grow-period-visits')).toBe('Today');
    expect(text('grow-days-visits')).toBe('2026-12-02');
    expect(text('grow-period-sales')).toBe('Last month');
    expect(text('grow-days-sales')).toBe('2026-11-01 – 2026-11-30');
    expect(text('grow-period-orders')).toBe('Last month');
    expect(text('grow-period-newMembers')).toBe('Last 12 months');
    expect(text('grow-days-newMembers')).toBe('2025-12-01 – 2026-11-30');

    expect(text('today-value-sales')).toBe('¥1,234.56');
    expect(text('today-value-orders')).toBe('17');
    expect(text('today-period-sales')).toBe('Today');
    expect(text('today-day-orders')).toBe('2026-12-02');
    // The order list filtered to the day: its summary is what these cards count.
    const href = screen.getByTestId('today-orders-sales').getAttribute('href')!;
    expect(new URLSearchParams(href.split('?')[1]).get('createTime')).toBe('2026-12-02 00:00:00~2026-12-02 23:59:59');
    expect(href.startsWith('/order/index?')).toBe(true);
    // The charts' captions name the days and months they draw.
    expect(screen.getByText('Page views and unique visitors · 2026-11-03 – 2026-12-02')).toBeTruthy();
    expect(screen.getByText('Last 12 months, stacked by goods category · 2025-12 – 2026-11')).toBeTruthy();
  });

  test('a month other than the last and a day other than today are named by themselves; without a period the card keeps its caption', async () => {
    const s = summary();
    s.growCards.visits.period = { kind: 'day', from: '2026-12-01', to: '2026-12-01' };
    s.growCards.sales.period = { kind: 'month', from: '2026-10-01', to: '2026-10-31' };
    delete s.growCards.orders.period;
    open(s);
    await screen.findByTestId('grow-value-sales');
    expect(text('grow-period-visits')).toBe('2026-12-01');
    expect(text('grow-period-sales')).toBe('Oct 26');
    expect(text('grow-days-sales')).toBe('2026-10-01 – 2026-10-31');
    expect(text('grow-period-orders')).toBe('Month');
    expect(screen.queryByTestId('grow-days-orders')).toBeNull();
  });

  test("a platform answering no today leaves today's cards out", async () => {
    const s = summary();
    delete s.today;
    open(s);
    await screen.findByTestId('grow-value-sales');
    expect(screen.queryByTestId('analysis-today')).toBeNull();
  });
});
