import { Image } from 'primereact/image';
import { Link } from 'wouter';
import { comment } from '../../../server/contract/social';
import { defineResource, editId, PlainRating, recordPath } from '../../crud';

type Row = Record<string, unknown>;

/** Where a comment's target is edited: goods and games by their §3 edit-id key and modify page, articles by a filtered list. */
function targetHref(row: Row): string {
  if (row.targetType === 1) return recordPath('/goods/modify', row.targetId as number);
  if (row.targetType === 2) return recordPath('/games/modify', row.targetId as number);
  return `/specialConfig/article?title=${encodeURIComponent(String(row.targetName ?? ''))}`;
}

/** The target's name as a link to its screen (stores the edit id first, spec §3 "Record ids … through stored keys"). */
function TargetCell({ row }: { row: Row }) {
  const onClick = () => {
    if (row.targetType === 1) editId.set('goodsId', row.targetId as number);
    if (row.targetType === 2) editId.set('gameId', row.targetId as number);
  };
  return <Link href={targetHref(row)} onClick={onClick} className="storefront-link" data-testid="comment-target">{String(row.targetName ?? '')}</Link>;
}

/** Thumbnails that open a full-size viewer (PrimeReact Image preview). */
function ImagesCell({ row }: { row: Row }) {
  const list = Array.isArray(row.images) ? (row.images as string[]) : [];
  return <span className="crud-thumbs">{list.map((src) => <Image key={src} src={src} alt="" preview width="36" height="36" imageClassName="crud-thumb" data-testid="comment-image" />)}</span>;
}

/** /social/comment: member reviews with moderation (the page adds approve, hide with reason, pin, and their batch forms). */
export default defineResource({
  entity: comment,
  route: '/social/comment',
  columns: ['id', 'nickName', 'targetType', 'targetName', 'content', 'images', 'rating', 'replyCount', 'isTop', 'status', 'hideReason', 'createTime'],
  filters: ['keyword', 'targetType', 'rating', 'status', 'isTop', 'createTime'],
  fields: {
    id: { width: 80 },
    nickName: { width: 120 },
    targetType: { width: 90 },
    content: { width: 260 },
    hideReason: { width: 140 },
    status: { width: 100 },
    targetName: { width: 160, cell: (r) => <TargetCell row={r} /> },
    images: { cell: (r) => <ImagesCell row={r} /> },
    // The stars drawn plain (PrimeReact Rating's markup), one per row; the span names the rating.
    rating: { width: 130, cell: (r) => <span role="img" aria-label={`${String(r.rating)} / 5`}><PlainRating value={Number(r.rating) || 0} /></span> },
    replyCount: { width: 90, cell: (r) => <Link href={`/social/reply?commentId=${String(r.id)}`} className="storefront-link" data-testid="comment-replies">{String(r.replyCount ?? 0)}</Link> },
    createTime: { width: 170 },
  },
});
