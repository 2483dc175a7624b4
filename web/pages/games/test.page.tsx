import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { Tag } from 'primereact/tag';
import { Image } from 'primereact/image';
import { game, gameTag } from '../../../server/contract/games';
import { usePermission } from '../../services/permission';
import { EDIT_ID_KEYS, SafeHtml, editId, recordPath, htmlText, listEveryQuery, useListEvery, useRefOptionsOf, type RefOption, type Row } from '../../crud';
import './games.css';

const NO_ROWS: Row[] = [];

/** The listing checks of a game, in the order shown; each is an i18n key `games.test.checks.<key>`. */
const CHECKS: { key: string; ok: (g: Row) => boolean }[] = [
  { key: 'cover', ok: (g) => typeof g.cover === 'string' && !!g.cover },
  { key: 'gallery', ok: (g) => Array.isArray(g.images) && g.images.length >= 1 },
  { key: 'description', ok: (g) => htmlText(g.description).length >= 20 },
  { key: 'platforms', ok: (g) => Array.isArray(g.platformIds) && g.platformIds.length > 0 },
  { key: 'tags', ok: (g) => Array.isArray(g.tagIds) && g.tagIds.length > 0 },
  { key: 'online', ok: (g) => g.status === 1 },
  { key: 'goods', ok: (g) => (g.goodsCount as number) > 0 },
];

/** Failed check keys of a game. */
export function listingIssues(g: Row): string[] {
  return CHECKS.filter((c) => !c.ok(g)).map((c) => c.key);
}

/**
 * /games/test (spec §2 names it only): the **listing check**. Operators test how each game will
 * present in the storefront before (and after) putting goods on sale: every game against seven
 * checks (cover, gallery, a real description, platforms, tags, online, goods on sale), filterable
 * to those with issues, and a storefront preview of the chosen game (cover, gallery, tags in their
 * colours, platforms, the description rendered through the kit's sanitizer). Edit jumps to
 * /games/modify with the §3 `gameId` key set.
 */
export default function GamesTestPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { has } = usePermission();
  const [onlyIssues, setOnlyIssues] = useState(true);
  const [chosen, setChosen] = useState<Row | null>(null);
  // Cached reads of the kit: a write to games, tags or platforms anywhere refetches them.
  const gamesQuery = useQuery(listEveryQuery(game));
  const games = gamesQuery.data ?? NO_ROWS;
  const tags = useRefOptionsOf('gameTag');
  const platforms = useRefOptionsOf('gamePlatform');
  const tagRows = useListEvery(gameTag, {}, true);
  const tagColors = useMemo<Record<number, string>>(() => Object.fromEntries(tagRows.map((r) => [r.id as number, String(r.color)])), [tagRows]);
  const loading = gamesQuery.isPending;

  const rows = useMemo(() => games.map((g) => ({ ...g, issues: listingIssues(g) })).filter((g) => !onlyIssues || g.issues.length > 0), [games, onlyIssues]);
  const ready = games.filter((g) => listingIssues(g).length === 0).length;
  const labelOf = (opts: RefOption[], id: number) => opts.find((o) => o.value === id)?.label ?? `#${id}`;

  return (
    <div className="crud-page games-test" data-testid="games-test">
      <section className="crud-card">
        <header className="crud-toolbar">
          <h3 className="crud-toolbar__title">{t('games.test.title')}</h3>
          <div className="crud-toolbar__buttons">
            <span data-testid="games-test-summary">{t('games.test.summary', { ready, total: games.length })}</span>
            <label className="games-test__toggle">
              <InputSwitch checked={onlyIssues} onChange={(e) => setOnlyIssues(!!e.value)} data-testid="games-test-only-issues" />
              {t('games.test.onlyIssues')}
            </label>
          </div>
        </header>
        <p className="games-test__hint">{t('games.test.hint')}</p>
        <div className="games-test__body">
          <DataTable
            value={rows}
            dataKey="id"
            loading={loading}
            paginator
            rows={10}
            rowsPerPageOptions={[10, 50, 80, 100]}
            selectionMode="single"
            selection={chosen}
            onSelectionChange={(e) => setChosen((e.value as Row) ?? null)}
            emptyMessage={t('games.test.allReady')}
            data-testid="games-test-table"
            size="small"
          >
            <Column field="gameName" header={t('resources.game.fields.gameName')} />
            <Column
              header={t('games.test.issues')}
              body={(g: Row & { issues: string[] }) =>
                g.issues.length ? (
                  <span className="crud-chips">{g.issues.map((k) => <Tag key={k} severity="warning" value={t(`games.test.checks.${k}`)} />)}</span>
                ) : (
                  <Tag severity="success" value={t('games.test.ready')} />
                )
              }
            />
          </DataTable>
          <aside className="games-test__preview crud-card" data-testid="games-test-preview">
            {!chosen ? (
              <p className="games-test__empty">{t('games.test.pick')}</p>
            ) : (
              <>
                {typeof chosen.cover === 'string' && chosen.cover ? <img className="games-test__cover" src={chosen.cover} alt={String(chosen.gameName)} /> : <div className="games-test__cover games-test__cover--none">{t('games.test.checks.cover')}</div>}
                <h2>{String(chosen.gameName)}</h2>
                <div className="crud-chips">
                  {((chosen.platformIds as number[]) ?? []).map((id) => <Tag key={`p${id}`} severity="info" value={labelOf(platforms, id)} />)}
                  {((chosen.tagIds as number[]) ?? []).map((id) => <Tag key={`t${id}`} value={labelOf(tags, id)} style={{ background: tagColors[id] }} />)}
                </div>
                {Array.isArray(chosen.images) && chosen.images.length > 0 && (
                  <div className="games-test__gallery">
                    {(chosen.images as string[]).map((src, i) => <Image key={`${src}-${i}`} src={src} alt={t('crud.upload.imageAlt', { n: i + 1 })} preview width="88" />)}
                  </div>
                )}
                <SafeHtml html={chosen.description} className="crud-rich games-test__desc" testId="games-test-description" />
                <ul className="games-test__checks">
                  {CHECKS.map((c) => (
                    <li key={c.key} className={c.ok(chosen) ? 'is-ok' : 'is-bad'}>
                      <i className={c.ok(chosen) ? 'pi pi-check-circle' : 'pi pi-exclamation-circle'} /> {t(`games.test.checks.${c.key}`)}
                    </li>
                  ))}
                </ul>
                {has('GamesIndex:update') && (
                  <Button
                    label={t('crud.modify')}
                    icon="pi pi-pencil"
                    size="small"
                    onClick={() => {
                      editId.set(EDIT_ID_KEYS.game, chosen.id as number);
                      navigate(recordPath('/games/modify', chosen.id as number));
                    }}
                    data-testid="games-test-edit"
                  />
                )}
              </>
            )}
          </aside>
        </div>
      </section>
    </div>
  );
}
