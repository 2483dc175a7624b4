import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { walletSummaryQuery } from './wallet-summary';
import { notify } from '../../services/notify';
import { ResourceListPage, ActionDialog, type ActionField, GuardedButton } from '../../crud';
import { moneyText } from '../../lib/format';
import { member, POINTS_PER_YUAN } from '../../../server/contract/member';
import { coupon } from '../../../server/contract/goods';
import { SelectButton } from 'primereact/selectbutton';
import walletRecord from '../../resources/member/wallet-record.resource';
import './member.css';

type Row = Record<string, unknown>;
type Open = { kind: 'recharge' | 'exchange' | 'exchangeCoupon' | 'withdraw'; memberId: number | null } | { kind: 'audit'; row: Row };

/** The spec's literal title of /member/wallet, the same in every language (§2). */
const TITLE = '会员钱包';

/**
 * /member/wallet (spec §2, title literally 会员钱包): the ledger of wallet movements with filters
 * (member by remote search, type, status, channel, amount and date) and, for one member, the
 * running summary (balance, points, pending withdrawals; each row shows the balance after it); the
 * recharge drawer (member picker, amount, pay form: channel and reference), the exchange dialog
 * both ways (points → balance, balance → a coupon), the withdraw dialog and the withdraw audit. Balances always equal the ledger.
 */
export default function MemberWalletPage() {
  const { t } = useTranslation();
  const memberId = Number(new URLSearchParams(useSearch()).get('memberId')) || null;
  const [open, setOpen] = useState<Open | null>(null);
  const summary = useQuery(walletSummaryQuery(memberId)).data;

  const done = (msg: string) => {
    notify({ mode: 'toast', message: msg }, 'success');
    // The ledger and the summary reload by themselves: the typed client's write drops walletRecord's reads.
    setOpen(null);
  };
  const picker: ActionField = {
    name: 'memberId',
    label: t('member.wallet.member'),
    kind: 'remote',
    override: { refEntity: member },
    placeholder: t('member.wallet.memberSearch'),
  };
  const f = (name: string, extra: Partial<ActionField> = {}): ActionField => ({ name, label: t(`member.wallet.fields.${name}`), ...extra });
  const initial = open && 'memberId' in open && open.memberId ? { memberId: open.memberId } : {};

  return (
    <div className="crud-page">
      {summary && (
        <section className="crud-card wallet-summary" data-testid="wallet-summary">
          <div className="part-summary">
            <span className="part-summary__item">{t('member.balance')}<b data-testid="wallet-balance">{moneyText(summary.balance)}</b></span>
            <span className="part-summary__item">{t('member.points')}<b>{summary.points}</b></span>
            <span className="part-summary__item">{t('member.pendingWithdraw')}<b>{moneyText(summary.pendingWithdraw)}</b></span>
          </div>
        </section>
      )}
      <ResourceListPage
        resource={walletRecord}
        title={TITLE}
        toolbar={(ctx) => (
          <>
            {ctx.can('add') && (
              <>
                <Button label={t('member.wallet.recharge')} icon="pi pi-plus-circle" size="small" onClick={() => setOpen({ kind: 'recharge', memberId })} data-testid="wallet-recharge" />
                <Button label={t('member.wallet.exchange')} icon="pi pi-sync" size="small" outlined onClick={() => setOpen({ kind: 'exchange', memberId })} data-testid="wallet-exchange" />
                <Button label={t('member.wallet.withdraw')} icon="pi pi-arrow-circle-up" size="small" outlined onClick={() => setOpen({ kind: 'withdraw', memberId })} data-testid="wallet-withdraw" />
              </>
            )}
          </>
        )}
        rowActions={(row, ctx) =>
          ctx.can('update') &&
          row.recordType === 2 && (
            <GuardedButton label={t('member.wallet.audit')} link size="small" reason={row.status === 0 ? null : t('member.wallet.decided')} onClick={() => setOpen({ kind: 'audit', row })} data-testid="wallet-audit" />
          )
        }
      />
      {open?.kind === 'recharge' && (
        <ActionDialog
          visible
          mode="drawer"
          title={t('member.wallet.rechargeTitle')}
          action={api.walletRecord.recharge}
          initial={{ channel: 1, ...initial }}
          fields={[picker, f('amount'), f('channel'), f('remark', { label: t('member.wallet.fields.reference'), hint: t('member.wallet.referenceHint') })]}
          onHide={() => setOpen(null)}
          onDone={(r) => done(t('member.wallet.recharged', { amount: moneyText((r as Row).amount as number), balance: moneyText((r as Row).balanceAfter as number) }))}
        />
      )}
      {(open?.kind === 'exchange' || open?.kind === 'exchangeCoupon') && (
        <ActionDialog
          // One dialog per direction: each is its own action with its own fields.
          key={open.kind}
          visible
          title={t(open.kind === 'exchange' ? 'member.wallet.exchangeTitle' : 'member.wallet.exchangeCouponTitle')}
          action={open.kind === 'exchange' ? api.walletRecord.exchange : api.walletRecord.exchangeCoupon}
          initial={initial}
          fields={
            open.kind === 'exchange'
              ? [picker, f('points', { hint: t('member.wallet.rate', { n: POINTS_PER_YUAN }) }), f('remark')]
              : [picker, f('couponId', { kind: 'remote', override: { refEntity: coupon }, placeholder: t('member.wallet.couponSearch') }), f('amount', { hint: t('member.wallet.couponAmountHint') }), f('remark')]
          }
          onHide={() => setOpen(null)}
          onDone={(r) => done(open.kind === 'exchange' ? t('member.wallet.exchanged', { amount: moneyText((r as Row).amount as number) }) : t('member.wallet.couponExchanged', { amount: moneyText(-((r as Row).amount as number)) }))}
        >
          {({ values }) => (
            <SelectButton
              className="wallet-direction"
              value={open.kind}
              allowEmpty={false}
              options={[
                { value: 'exchange', label: t('member.wallet.toBalance') },
                { value: 'exchangeCoupon', label: t('member.wallet.toCoupon') },
              ]}
              // The member already chosen stays chosen in the other direction.
              onChange={(e) => setOpen({ kind: e.value as 'exchange' | 'exchangeCoupon', memberId: (values.memberId as number | null) ?? open.memberId })}
              aria-label={t('member.wallet.direction')}
              data-testid="wallet-direction"
            />
          )}
        </ActionDialog>
      )}
      {open?.kind === 'withdraw' && (
        <ActionDialog
          visible
          title={t('member.wallet.withdrawTitle')}
          action={api.walletRecord.withdraw}
          initial={{ channel: 4, ...initial }}
          fields={[picker, f('amount', { hint: t('member.wallet.withdrawHint') }), f('channel'), f('account'), f('remark')]}
          onHide={() => setOpen(null)}
          onDone={() => done(t('member.wallet.withdrawAsked'))}
        />
      )}
      {open?.kind === 'audit' && (
        <ActionDialog
          visible
          title={t('member.wallet.auditTitle', { tradeNo: open.row.tradeNo })}
          action={api.walletRecord.auditWithdraw}
          fixed={{ id: open.row.id }}
          record={open.row}
          initial={{ approved: true }}
          fields={[
            { name: 'approved', label: t('member.wallet.decision'), options: [{ value: true, label: t('member.wallet.approve') }, { value: false, label: t('member.wallet.reject') }] },
            f('remark', { kind: 'text', required: (v) => v.approved === false }),
          ]}
          onHide={() => setOpen(null)}
          onDone={(r) => done(t((r as Row).status === 1 ? 'member.wallet.paidOut' : 'member.wallet.rejected'))}
        >
          <p className="part-hint">{t('member.wallet.auditAbout', { amount: moneyText(-(open.row.amount as number)), account: open.row.account })}</p>
        </ActionDialog>
      )}
    </div>
  );
}
