import { useTranslation } from 'react-i18next';
import { useAdminReference } from './reference';

/** An object's icon as the service draws it (geticons' PNG), or its number when the image is not known. */
export function IconImage({ iconId }: { iconId: number | null }) {
  const { t } = useTranslation('admin');
  const { icons } = useAdminReference();
  if (iconId === null) return <span aria-label={t('icon.none')}>—</span>;
  const icon = icons.get(iconId);
  const name = icon?.name ?? t('icon.numbered', { id: iconId });
  if (!icon?.image) return <span title={name}>#{iconId}</span>;
  return <img className="admin-icon" src={icon.image} alt={name} title={name} width={20} height={20} />;
}
