import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useLocation } from 'wouter';
import { useSession } from '../../app/session';

/** Page error codes of spec §8. */
export const EXCEPTION_CODES = [403, 404, 500, 10000, 10100] as const;
const ICONS: Record<number, string> = { 403: 'pi pi-lock', 404: 'pi pi-compass', 500: 'pi pi-server', 10000: 'pi pi-wifi', 10100: 'pi pi-inbox' };

/** The exception page (spec §2 /exception and the catch-all): a code, its message and a way back home. */
export default function ExceptionPage({ status = 404 }: { status?: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { homePath } = useSession();
  const code = (EXCEPTION_CODES as readonly number[]).includes(status) ? status : 404;
  return (
    <div className="exception" data-testid="exception" data-status={code}>
      <i className={`${ICONS[code]} exception-icon`} aria-hidden />
      {code < 10000 && <h2>{code}</h2>}
      <p>{t(`exception.${code}`)}</p>
      <Button label={t('exception.backHome')} icon="pi pi-home" onClick={() => navigate(homePath)} />
    </div>
  );
}
