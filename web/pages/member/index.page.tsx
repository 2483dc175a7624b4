import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { api } from '../../api/client';
import { walletSummaryQuery } from './wallet-summary';
import { notify } from '../../services/notify';
import { moneyText } from '../../lib/format';
import { ResourceListPage, LinkButton, SubList, enumLabel, useRefOptions, ActionDialog, AuditHistory, DescList, DetailSection, useCanOpen } from '../../crud';
import { fieldSpec } from '../../crud/schema';
import member from '../../resources/member/member.resource';
import order from '../../resources/order/order.resource';
import consume from '../../resources/member/member-consume.resource';
import walletRecord from '../../resources/member/wallet-record.resource';
import refund from '../../resources/order/refund.resource';
import feedback from '../../resources/feedback/feedback.resource';
import './member.css';

type Row = Record<string, unknown>;

/**
 * /member/index (spec §2): members with filters; the member modal (profile, grade, wallet balance,
 * recent orders, consumption), the invite modal (the members this one invited, paged), modify in a
 * dialog, and freeze/enable with a reason (active ↔ frozen; a closed account stays closed).
 */
export default function MemberIndexPage() {
  const { t, i18n } = useTranslation();
  const [detail, setDetail] = useState<Row | null>(null);
  const [invites, setInvites] = useState<Row | null>(null);
  const [status, setStatus] = useState<Row | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const grades = useRefOptions(fieldSpec(member, 'gradeId'));
  // Related records the user may open (their screens are in the user's routes): the server would refuse the rest.
  const canOpen = useCanOpen();
  // Keyed by the member: another member's modal shows '…' until its own figures come, never the last one's.
  const memberId = detail ? Number(detail.id) : null;
  const wallet = useQuery(walletSummaryQuery(memberId)).data;

  const m = detail;
  const lang = i18n.language;
  return (
    <>
      <ResourceListPage
        resource={member}
        reloadKey={reloadKey}
        rowActions={(row, ctx) => (
          <>
            <LinkButton label={t('member.detail')} onClick={() => setDetail(row)} testId="member-detail" />
            <LinkButton label={t('member.invites')} onClick={() => setInvites(row)} testId="member-invites" />
            {ctx.can('update') && row.status !== 3 && (
              <LinkButton
                label={t(row.status === 2 ? 'member.enable' : 'member.freeze')}
                severity={row.status === 2 ? 'success' : 'danger'}
                onClick={() => setStatus(row)}
                testId="member-status"
              />
            )}
          </>
        )}
      />
      <Dialog visible={!!m} onHide={() => setDetail(null)} header={m ? t('member.detailTitle', { name: m.nickName }) : ''} style={{ width: 'min(900px, 96vw)' }} modal draggable={false} data-testid="member-detail-dialog">
        {m && (
          <div className="part-detail">
            <DetailSection title={t('member.sections.profile')}>
              <div className="member-profile">
                {typeof m.avatar === 'string' && <img className="member-avatar" src={m.avatar} alt="" />}
                <DescList
                  items={[
                    { label: t('resources.member.fields.nickName'), value: String(m.nickName) },
                    { label: t('resources.member.fields.phone'), value: String(m.phone) },
                    { label: t('resources.member.fields.email'), value: String(m.email ?? '—') },
                    { label: t('resources.member.fields.gender'), value: enumLabel('gender', m.gender, lang) },
                    { label: t('resources.member.fields.gradeId'), value: <Tag value={grades.find((g) => g.value === m.gradeId)?.label ?? `#${String(m.gradeId)}`} /> },
                    { label: t('resources.member.fields.growth'), value: String(m.growth) },
                    { label: t('resources.member.fields.source'), value: enumLabel('memberSource', m.source, lang) },
                    { label: t('resources.member.fields.status'), value: enumLabel('memberStatus', m.status, lang) },
                    { label: t('resources.member.fields.inviteCode'), value: String(m.inviteCode) },
                    { label: t('resources.member.fields.lastLoginTime'), value: String(m.lastLoginTime ?? '—') },
                    { label: t('resources.member.fields.createTime'), value: String(m.createTime) },
                    { label: t('resources.member.fields.remark'), value: String(m.remark || '—'), wide: true },
                  ]}
                />
              </div>
            </DetailSection>
            <DetailSection title={t('member.sections.wallet')}>
              <div className="part-summary" data-testid="member-wallet">
                <span className="part-summary__item">{t('member.balance')}<b data-testid="member-balance">{wallet ? moneyText(wallet.balance) : '…'}</b></span>
                <span className="part-summary__item">{t('member.points')}<b>{wallet ? wallet.points : '…'}</b></span>
                <span className="part-summary__item">{t('member.pendingWithdraw')}<b>{wallet ? moneyText(wallet.pendingWithdraw) : '…'}</b></span>
                <span className="part-summary__item">{t('resources.member.fields.orderCount')}<b>{String(m.orderCount)}</b></span>
                <span className="part-summary__item">{t('resources.member.fields.totalConsume')}<b>{moneyText(m.totalConsume as number)}</b></span>
              </div>
            </DetailSection>
            <DetailSection title={t('member.sections.orders')}>
              <SubList resource={order} filter={{ memberId: m.id }} columns={['orderNo', 'payAmount', 'status', 'createTime']} testId="member-orders" />
            </DetailSection>
            <DetailSection title={t('member.sections.consume')}>
              <SubList resource={consume} filter={{ memberId: m.id }} columns={['orderNo', 'consumeType', 'title', 'amount', 'createTime']} testId="member-consume" />
            </DetailSection>
            {canOpen('/member/wallet') && (
              <DetailSection title={t('member.sections.ledger')}>
                <SubList resource={walletRecord} filter={{ memberId: m.id }} columns={['tradeNo', 'recordType', 'amount', 'balanceAfter', 'status', 'createTime']} testId="member-ledger" />
              </DetailSection>
            )}
            {canOpen('/order/back') && (
              <DetailSection title={t('member.sections.refunds')}>
                <SubList resource={refund} filter={{ memberId: m.id }} columns={['refundNo', 'orderNo', 'amount', 'status', 'createTime']} testId="member-refunds" />
              </DetailSection>
            )}
            {canOpen('/feedback/index') && (
              <DetailSection title={t('member.sections.feedback')}>
                <SubList resource={feedback} filter={{ memberId: m.id }} columns={['content', 'typeId', 'images', 'status', 'createTime']} testId="member-feedback" />
              </DetailSection>
            )}
            <AuditHistory entity="member" id={m.id as number} />
          </div>
        )}
      </Dialog>
      <Dialog visible={!!invites} onHide={() => setInvites(null)} header={invites ? t('member.invitesTitle', { name: invites.nickName, code: invites.inviteCode }) : ''} style={{ width: 'min(820px, 96vw)' }} modal draggable={false} data-testid="member-invites-dialog">
        {invites && <SubList resource={member} filter={{ inviterId: invites.id }} columns={['id', 'nickName', 'phone', 'gradeId', 'status', 'createTime']} pageSize={10} testId="member-invites-list" />}
      </Dialog>
      {status && (
        <ActionDialog
          visible
          title={t(status.status === 2 ? 'member.enableTitle' : 'member.freezeTitle', { name: status.nickName })}
          action={api.member.setStatus}
          fixed={{ id: status.id, status: status.status === 2 ? 1 : 2 }}
          record={status}
          fields={[{ name: 'reason', label: t('member.reason'), kind: 'text' }]}
          severity={status.status === 2 ? undefined : 'danger'}
          onHide={() => setStatus(null)}
          onDone={() => {
            notify({ mode: 'toast', message: t(status.status === 2 ? 'member.enabled' : 'member.frozen') }, 'success');
            setStatus(null);
            setReloadKey((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
