import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useProjectConfig } from '../../services/project-config';
import { useSession } from '../../services/session';

/**
 * The page footer (spec §3 `showFooter`): a couple of links and the copyright line, in the current
 * language.
 */
export function Footer() {
  const { t } = useTranslation();
  const show = useProjectConfig((c) => c.showFooter);
  const { homePath } = useSession();
  if (!show) return null;
  return (
    <footer className="layout-footer" data-testid="layout-footer">
      <nav className="layout-footer-links" aria-label={t('common.appTitle')}>
        <Link href={homePath}>{t('layout.footer.home')}</Link>
        <span aria-hidden>·</span>
        <Link href="/error-log/list">{t('layout.footer.errorLog')}</Link>
        <span aria-hidden>·</span>
        <span>{t('layout.footer.shortcuts')}</span>
      </nav>
      <div className="layout-footer-copyright">{t('layout.footer.copyright', { year: new Date().getFullYear() })}</div>
    </footer>
  );
}
