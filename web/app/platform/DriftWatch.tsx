import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { driftFetch } from '../../api/drift';
import { useProjectConfig } from '../../services/project-config';
import { errorLog } from '../../services/error-log/error-log';
import { useSession } from '../../services/session';
import { createDriftWatch } from './drift-watch';

/** The role id whose holders see contract drift (the route table's admin-only role). */
export const DRIFT_ROLE = 'super';

/**
 * Runs the contract-drift watch (./drift-watch.ts) while an administrator is signed in and error
 * handling is on (spec §8: off by default); renders nothing. Mounted once in the header.
 */
export function DriftWatch() {
  const { t } = useTranslation();
  const { ready, roleList, token } = useSession();
  const enabled = useProjectConfig((c) => c.useErrorHandle);
  const admin = roleList.includes(DRIFT_ROLE);
  const on = ready && admin && enabled && !!token;
  useEffect(() => {
    if (!on) return;
    const watch = createDriftWatch({
      fetchImpl: driftFetch,
      getToken: () => token,
      log: (entry) => void errorLog.add(entry),
      name: () => t('contractDrift.logName'),
      more: (count) => t('contractDrift.logMore', { count }),
    });
    watch.start();
    return () => watch.stop();
  }, [on, token, t]);
  return null;
}
