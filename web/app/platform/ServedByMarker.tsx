import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { onAnswers } from '../../api/http';
import { noteServedBy, servedByOf, servedByVersion, subscribeServedBy, type ServedBy } from '../../api/served-by';
import { markerWanted, serverModeQuery } from '../../api/server-mode';
import './platform.css';

// Installed when the signed-in shell loads, before any screen asks for data (the login route carries none of it).
onAnswers(noteServedBy);

/**
 * The header's "mock" / "replay" marker: in hybrid and replay modes, says that data on
 * the current screen came from the mock store or from a recording instead of the platform. It
 * reads the server's mode once (`GET /healthz` `{mode, mockMarker}`); in plain mock or proxy mode,
 * or with the marker switched off on the server, it renders nothing. The sides come from the
 * answers' `x-served-by` header (web/api/served-by.ts). A polite status region, so a screen reader
 * hears it once when it appears.
 */
export function ServedByMarker() {
  const { t } = useTranslation();
  const [path] = useLocation();
  const mode = useQuery(serverModeQuery).data;
  const wanted = !!mode && markerWanted(mode);
  useSyncExternalStore(subscribeServedBy, servedByVersion);
  const sides = servedByOf(path);
  if (!wanted || !sides.size) return null;
  const shown: ServedBy[] = (['mock', 'replay'] as const).filter((s) => sides.has(s));
  return (
    <span role="status" className="served-by" data-testid="served-by-marker">
      {shown.map((s) => (
        <span key={s} className={`served-by-marker served-by-marker--${s}`} title={t(`contractDrift.marker.${s}Long`)} data-side={s}>
          <i className={s === 'mock' ? 'pi pi-database' : 'pi pi-replay'} aria-hidden />
          <span className="served-by__long">{t(`contractDrift.marker.${s}Long`)}</span>
          <span aria-hidden>{t(`contractDrift.marker.${s}`)}</span>
        </span>
      ))}
    </span>
  );
}
