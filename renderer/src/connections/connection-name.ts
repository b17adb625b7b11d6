import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionProfile } from '../../../common/methods/session';

/** A connection's name as the operator gave it (data, never translated); the demo's own name is ours. */
export function useConnectionName(): (p: Pick<ConnectionProfile, 'name' | 'demo'>) => string {
  const { t } = useTranslation('connections');
  return useCallback((p) => (p.demo ? t('demoName') : p.name), [t]);
}
