import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiQuery, type ActionPayloadOf } from '../../api/client';
import { AccountStatisticsPayload, GameAccountStatus } from '../../../server/contract/account';
import { enumLabel, FilterBar, type FilterField } from '../../crud';
import { formatMoney } from '../../lib/format';
import { centsToYuanNumber, MONEY_CELL_FORMAT } from '../../../server/contract/money';
import type { ExportColumn } from '../../crud/export';
// This page is itself a lazily loaded chunk: ApexCharts comes with it, never with login or list pages.
import Chart from '../../components/chart';
import '../inventory/parts/parts.css';

type StatsQuery = ActionPayloadOf<typeof api.gameAccount.statistics>;

/** The query the screen opens on: all games over the last 90 days. */
function lastDays(days: number): StatsQuery {
  return { startDate: dayjs().subtract(days, 'day').format('YYYY-MM-DD'), endDate: dayjs().format('YYYY-MM-DD') };
}

async function exportTable(name: string, columns: ExportColumn[], rows: Record<string, unknown>[]) {
  const { exportRows } = await import('../../crud/export');
  await exportRows(async () => ({ list: rows, total: rows.length }), columns, name);
}

/**
 * /account/statistics (spec §2): accounts by status and use and income per game for a date range
 * (`gameAccount.statistics`), each chart with the table behind it and an export of that table.
 * A page of its own: charts, not a list.
 */
export default function AccountStatisticsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // The query asked for (all games, all time when a field is left empty): the last 90 days at first,
  // then what the filter bar submits.
  const [asked, setAsked] = useState<StatsQuery>(() => lastDays(90));
  const answer = useQuery({ ...apiQuery(api.gameAccount.statistics, asked), placeholderData: keepPreviousData });
  const stats = answer.data ?? null;
  const busy = answer.isFetching;
  const load = (query: StatsQuery) => {
    setAsked(query);
    // The same query again is a refresh: the operator asked for today's figures.
    if (JSON.stringify(query) === JSON.stringify(asked)) void answer.refetch();
  };
  const filters: FilterField[] = [
    { name: 'gameId', kind: 'ref', override: { ref: 'game' }, label: t('resources.gameAccount.fields.gameId'), placeholder: t('account.stats.allGames'), width: 220 },
    { name: 'startDate', override: { rangeEnd: 'endDate' }, label: t('account.stats.range'), placeholder: t('account.stats.range') },
  ];

  const statusRows = useMemo(() => (stats?.byStatus ?? []).map((s) => ({ ...s, label: enumLabel(GameAccountStatus.name, s.status, lang) })), [stats, lang]);
  const top = useMemo(() => (stats?.byGame ?? []).slice(0, 10), [stats]);
  const money = (c: number) => formatMoney(c, lang);

  return (
    <div className="crud-page" data-testid="account-statistics">
      <FilterBar fields={filters} schema={AccountStatisticsPayload} values={asked} onSubmit={load} busy={busy} testIds={{ root: 'stats-filter', submit: 'stats-query' }} />
      {stats && (
        <>
          <section className="crud-card inv-totals" data-testid="stats-totals">
            <div className="inv-totals__item"><small>{t('account.stats.accounts')}</small><b>{stats.accountTotal}</b></div>
            <div className="inv-totals__item"><small>{t('account.stats.uses')}</small><b>{stats.useCount}</b></div>
            <div className="inv-totals__item"><small>{t('account.stats.hours')}</small><b>{Math.round(stats.useMinutes / 60)}</b></div>
            <div className="inv-totals__item"><small>{t('account.stats.income')}</small><b>{money(stats.income)}</b></div>
          </section>
          <div className="inv-charts">
            <section className="crud-card">
              <header className="crud-toolbar">
                <h3 className="crud-toolbar__title">{t('account.stats.byStatus')}</h3>
                <Button label={t('crud.export')} icon="pi pi-download" size="small" severity="secondary" outlined onClick={() => void exportTable(t('account.stats.byStatus'), [{ header: t('resources.gameAccount.fields.status'), value: (r) => String(r.label) }, { header: t('account.stats.accounts'), value: (r) => r.count as number }], statusRows)} />
              </header>
              <Chart type="donut" series={statusRows.map((s) => s.count)} options={{ labels: statusRows.map((s) => s.label) }} height={280} ariaLabel={t('account.stats.byStatus')} />
              <DataTable value={statusRows} size="small" dataKey="status">
                <Column field="label" header={t('resources.gameAccount.fields.status')} />
                <Column field="count" header={t('account.stats.accounts')} />
              </DataTable>
            </section>
            <section className="crud-card">
              <header className="crud-toolbar">
                <h3 className="crud-toolbar__title">{t('account.stats.byGame')}</h3>
                <Button
                  label={t('crud.export')}
                  icon="pi pi-download"
                  size="small"
                  severity="secondary"
                  outlined
                  onClick={() => void exportTable(t('account.stats.byGame'), [
                    { header: t('resources.gameAccount.fields.gameId'), value: (r) => String(r.gameName) },
                    { header: t('account.stats.accounts'), value: (r) => r.accounts as number },
                    { header: t('account.stats.uses'), value: (r) => r.uses as number },
                    { header: t('account.stats.minutes'), value: (r) => r.minutes as number },
                    { header: t('account.stats.incomeYuan'), value: (r) => centsToYuanNumber(r.income), format: MONEY_CELL_FORMAT },
                  ], stats.byGame)}
                  data-testid="stats-export"
                />
              </header>
              <Chart
                type="bar"
                series={[{ name: t('account.stats.income'), data: top.map((g) => g.income / 100) }]}
                options={{ xaxis: { categories: top.map((g) => g.gameName) }, yaxis: { labels: { formatter: (v: number) => formatMoney(v * 100, lang, { compact: true }) } } }}
                height={280}
                ariaLabel={t('account.stats.byGame')}
              />
              <DataTable value={stats.byGame} size="small" dataKey="gameId" paginator rows={10} data-testid="stats-by-game">
                <Column field="gameName" header={t('resources.gameAccount.fields.gameId')} />
                <Column field="accounts" header={t('account.stats.accounts')} sortable />
                <Column field="uses" header={t('account.stats.uses')} sortable />
                <Column field="minutes" header={t('account.stats.minutes')} sortable />
                <Column field="income" header={t('account.stats.income')} sortable body={(r: { income: number }) => money(r.income)} />
              </DataTable>
            </section>
          </div>
        </>
      )}
    </div>
  );
}
