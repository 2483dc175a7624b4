import { useTranslation } from 'react-i18next';
import type { FlatRoute } from '../routing/route-access';

/** Group > page trail of the current route. */
export function Breadcrumbs({ current }: { current: FlatRoute | undefined }) {
  const { t } = useTranslation();
  if (!current) return null;
  return (
    <nav className="breadcrumbs" aria-label="breadcrumb">
      <span>{t(current.parent.meta.title)}</span>
      <i className="pi pi-angle-right" aria-hidden />
      <span aria-current="page">{current.literalTitle ? current.title : t(current.title)}</span>
    </nav>
  );
}
