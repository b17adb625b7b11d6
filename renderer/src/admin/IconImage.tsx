import { useAdminReference } from './reference';

/** An object's icon as the service draws it (geticons' PNG), or its number when the image is not known. */
export function IconImage({ iconId }: { iconId: number | null }) {
  const { icons } = useAdminReference();
  if (iconId === null) return <span aria-label="No icon">—</span>;
  const icon = icons.get(iconId);
  const name = icon?.name ?? `Icon ${iconId}`;
  if (!icon?.image) return <span title={name}>#{iconId}</span>;
  return <img className="admin-icon" src={icon.image} alt={name} title={name} width={20} height={20} />;
}
