import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ENTITY } from '../../../server/contract/index';
import { countRows } from './mock-rules';
import { Section } from './parts';
import { useMockInfo } from './queries';

/** The store's facts: seed, scale, build time and the rows per entity, with a refresh. */
export function StoreInfo({ open }: { open: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh_CN';
  const { data: info, refetch } = useMockInfo(open);
  const refreshInfo = () => refetch();
  const rows = useMemo(() => (info ? countRows(info.counts) : []), [info]);
  const total = rows.reduce((n, r) => n + r.count, 0);
  const entityLabel = (name: string) => (ENTITY as unknown as Record<string, { title?: Record<string, string> } | undefined>)[name]?.title?.[lang] ?? name;
  const num = (n: number) => n.toLocaleString(lang === 'en' ? 'en' : 'zh-CN');
  return (
    <Section
      title={t('mock.info.title')}
      testId="mock-info"
      actions={<Button icon="pi pi-refresh" text rounded size="small" aria-label={t('mock.info.refresh')} onClick={() => void refreshInfo()} data-testid="mock-info-refresh" />}
    >
      {info && (
        <>
          <dl className="mock-facts">
            <div>
              <dt>{t('mock.info.seed')}</dt>
              <dd data-testid="mock-info-seed">{info.seed}</dd>
            </div>
            <div>
              <dt>{t('mock.info.scale')}</dt>
              <dd data-testid="mock-info-scale">{info.scale}</dd>
            </div>
            <div>
              <dt>{t('mock.info.buildMs')}</dt>
              <dd>{t('mock.info.buildMsValue', { ms: Math.round(info.buildMs) })}</dd>
            </div>
            <div>
              <dt>{t('mock.info.total')}</dt>
              <dd>{num(total)}</dd>
            </div>
          </dl>
          <div className="mock-counts" data-testid="mock-counts">
            <table>
              <thead>
                <tr>
                  <th>{t('mock.info.entity')}</th>
                  <th className="mock-num">{t('mock.info.count')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.name}>
                    <td title={r.name}>{entityLabel(r.name)}</td>
                    <td className="mock-num">{num(r.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Section>
  );
}
