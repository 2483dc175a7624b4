import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ResourceListPage, SafeHtml, callOp, refOptions, type RefOption } from '../../crud';
import article from '../../resources/specialConfig/article.resource';
import '../storefront.css';

type Row = Record<string, unknown>;

/**
 * How a member sees an article in the shop: cover, title, author and time, summary, then the body.
 * The stored HTML is sanitized (the kit's `SafeHtml`, DOMPurify) before it is rendered: scripts, event handlers and
 * `javascript:` links never reach the page.
 */
function ArticlePreview({ row }: { row: Row }) {
  const { t } = useTranslation();
  return (
    <article className="storefront-article" data-testid="article-preview">
      {typeof row.cover === 'string' && row.cover && <img src={row.cover} alt="" className="storefront-article__cover" />}
      <h2>{String(row.title ?? '')}</h2>
      <small className="storefront-hint">{[row.author, row.publishTime ?? t('specialConfig.unpublished'), row.game].filter(Boolean).map(String).join(' · ')}</small>
      {!!row.summary && <p className="storefront-article__summary">{String(row.summary)}</p>}
      <SafeHtml html={row.content} className="storefront-html" testId="article-body" />
    </article>
  );
}

/** /specialConfig/article (spec §2 drawers): news with cover, rich-text body and publishing; a preview of the article as a member sees it. */
export default function SpecialConfigArticlePage() {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Row | null>(null);
  const open = async (row: Row) => {
    // The list row has no body: the preview reads the record.
    const [full, games] = await Promise.all([callOp<Row>(article.entity, 'info', { id: row.id }), refOptions('game').catch(() => [] as RefOption[])]);
    setPreview({ ...full, game: games.find((g) => g.value === full.gameId)?.label });
  };
  return (
    <>
      <ResourceListPage resource={article} rowActions={(row) => <Button label={t('specialConfig.preview')} link size="small" onClick={() => void open(row).catch(() => {})} data-testid="article-preview-open" />} />
      <Dialog visible={!!preview} onHide={() => setPreview(null)} header={t('specialConfig.previewTitle')} style={{ width: 'min(720px, 96vw)' }} modal draggable={false} data-testid="article-preview-dialog">
        {preview && <ArticlePreview row={preview} />}
      </Dialog>
    </>
  );
}
