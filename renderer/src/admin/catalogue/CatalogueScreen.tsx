/** The Catalogue tab: a section per collection, the chosen one's list and form (#/admin/catalogue/<collection>…). */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../ui/route';
import { SECTIONS, describe } from './collections';
import { CollectionView } from './CollectionView';
import { collectionKey } from './descriptor';
import './catalogue.css';

export function CatalogueScreen({ route }: { route: string }) {
  const { t } = useTranslation('admin');
  const m = /^\/admin\/catalogue\/?([A-Za-z]*)(?:\/(new|\d+))?/.exec(route);
  const desc = describe(m?.[1] ?? '') ?? SECTIONS[0]!;
  const chosen = m?.[2] === 'new' ? 'new' : m?.[2] ? Number(m[2]) : null;
  return (
    <div className="catalogue">
      <nav aria-label={t('catalogue.sections')} className="cat-sections">
        <ul>
          {SECTIONS.map((s) => (
            <Fragment key={s.id}>
              <li>
                <a href={`#/admin/catalogue/${s.id}`} aria-current={s.id === desc.id ? 'page' : undefined} onClick={(e) => (e.preventDefault(), navigate(`/admin/catalogue/${s.id}`))}>
                  {t(collectionKey(s.id, 'title'))}
                </a>
              </li>
              {/* Geozones are drawn on a map, so their editor is a tab of its own; the list names them beside their groups. */}
              {s.id === 'geozoneGroups' && (
                <li>
                  <a href="#/admin/geozones" onClick={(e) => (e.preventDefault(), navigate('/admin/geozones'))}>
                    {t('catalogue.geozonesOnMap')}
                  </a>
                </li>
              )}
            </Fragment>
          ))}
        </ul>
      </nav>
      <CollectionView key={desc.id} desc={desc} chosen={chosen} />
    </div>
  );
}
