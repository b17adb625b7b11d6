/**
 * The menu's and the tray's words in the console's languages. The main side has no i18next
 * (it is the renderer's); these few strings live here, keyed by the settings' language
 * (`language`: 'system' follows the computer's locale, as the renderer does).
 */
export const MENU_LANGUAGES = ['en', 'ru', 'lt'] as const;
export type MenuLanguage = (typeof MENU_LANGUAGES)[number];

/** The settings' choice ('system', 'en', 'ru', 'lt', or anything older files hold) and the system's locale → a language we have. */
export function menuLanguage(choice: unknown, systemLocale: string): MenuLanguage {
  const pick = typeof choice === 'string' && choice !== 'system' ? choice : systemLocale;
  const base = pick.toLowerCase().split(/[-_]/)[0];
  return (MENU_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as MenuLanguage) : 'en';
}

export interface Labels {
  about: (app: string) => string;
  quit: (app: string) => string;
  hide: (app: string) => string;
  services: string;
  hideOthers: string;
  unhide: string;
  file: string;
  edit: string;
  view: string;
  go: string;
  window: string;
  undo: string;
  redo: string;
  cut: string;
  copy: string;
  paste: string;
  selectAll: string;
  reload: string;
  forceReload: string;
  devTools: string;
  resetZoom: string;
  zoomIn: string;
  zoomOut: string;
  fullScreen: string;
  minimize: string;
  zoom: string;
  front: string;
  close: string;
  live: string;
  history: string;
  reports: string;
  files: string;
  admin: string;
  settings: string;
  eventsPanel: string;
  objectsPanel: string;
  /** The tray's menu. */
  showWindow: string;
  /** The tray's tooltip: the app, then the unacknowledged alarms (plural rule of the language). */
  alarms: (count: number) => string;
  noAlarms: string;
}

const en: Labels = {
  about: (a) => `About ${a}`,
  quit: (a) => `Quit ${a}`,
  hide: (a) => `Hide ${a}`,
  services: 'Services',
  hideOthers: 'Hide Others',
  unhide: 'Show All',
  file: 'File',
  edit: 'Edit',
  view: 'View',
  go: 'Go',
  window: 'Window',
  undo: 'Undo',
  redo: 'Redo',
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  selectAll: 'Select All',
  reload: 'Reload',
  forceReload: 'Force Reload',
  devTools: 'Developer Tools',
  resetZoom: 'Actual Size',
  zoomIn: 'Zoom In',
  zoomOut: 'Zoom Out',
  fullScreen: 'Full Screen',
  minimize: 'Minimize',
  zoom: 'Zoom',
  front: 'Bring All to Front',
  close: 'Close Window',
  live: 'Live',
  history: 'History',
  reports: 'Reports',
  files: 'Files',
  admin: 'Admin',
  settings: 'Settings…',
  eventsPanel: 'Events Window',
  objectsPanel: 'Objects Window',
  showWindow: 'Show Fleet Console',
  alarms: (n) => `${n} unacknowledged ${n === 1 ? 'alarm' : 'alarms'}`,
  noAlarms: 'No unacknowledged alarms',
};

const ruPlural = new Intl.PluralRules('ru');
const ltPlural = new Intl.PluralRules('lt');

const ru: Labels = {
  about: (a) => `О программе ${a}`,
  quit: (a) => `Выйти из ${a}`,
  hide: (a) => `Скрыть ${a}`,
  services: 'Службы',
  hideOthers: 'Скрыть остальные',
  unhide: 'Показать все',
  file: 'Файл',
  edit: 'Правка',
  view: 'Вид',
  go: 'Переход',
  window: 'Окно',
  undo: 'Отменить',
  redo: 'Повторить',
  cut: 'Вырезать',
  copy: 'Копировать',
  paste: 'Вставить',
  selectAll: 'Выделить всё',
  reload: 'Перезагрузить',
  forceReload: 'Перезагрузить полностью',
  devTools: 'Инструменты разработчика',
  resetZoom: 'Исходный размер',
  zoomIn: 'Увеличить',
  zoomOut: 'Уменьшить',
  fullScreen: 'Во весь экран',
  minimize: 'Свернуть',
  zoom: 'Изменить масштаб окна',
  front: 'Все окна на передний план',
  close: 'Закрыть окно',
  live: 'Мониторинг',
  history: 'История',
  reports: 'Отчёты',
  files: 'Файлы',
  admin: 'Администрирование',
  settings: 'Настройки…',
  eventsPanel: 'Окно событий',
  objectsPanel: 'Окно объектов',
  showWindow: 'Показать Fleet Console',
  alarms: (n) => {
    const form = ruPlural.select(n);
    const word = form === 'one' ? 'неквитированная тревога' : form === 'few' ? 'неквитированные тревоги' : 'неквитированных тревог';
    return `${n} ${word}`;
  },
  noAlarms: 'Неквитированных тревог нет',
};

const lt: Labels = {
  about: (a) => `Apie ${a}`,
  quit: (a) => `Išeiti iš ${a}`,
  hide: (a) => `Slėpti ${a}`,
  services: 'Paslaugos',
  hideOthers: 'Slėpti kitas',
  unhide: 'Rodyti visas',
  file: 'Failas',
  edit: 'Taisa',
  view: 'Rodymas',
  go: 'Eiti',
  window: 'Langas',
  undo: 'Atšaukti',
  redo: 'Pakartoti',
  cut: 'Iškirpti',
  copy: 'Kopijuoti',
  paste: 'Įklijuoti',
  selectAll: 'Pažymėti viską',
  reload: 'Įkelti iš naujo',
  forceReload: 'Priverstinai įkelti iš naujo',
  devTools: 'Kūrėjo įrankiai',
  resetZoom: 'Tikrasis dydis',
  zoomIn: 'Padidinti',
  zoomOut: 'Sumažinti',
  fullScreen: 'Visas ekranas',
  minimize: 'Sumažinti langą',
  zoom: 'Keisti lango dydį',
  front: 'Visus langus į priekį',
  close: 'Uždaryti langą',
  live: 'Stebėjimas',
  history: 'Istorija',
  reports: 'Ataskaitos',
  files: 'Failai',
  admin: 'Administravimas',
  settings: 'Nustatymai…',
  eventsPanel: 'Įvykių langas',
  objectsPanel: 'Objektų langas',
  showWindow: 'Rodyti Fleet Console',
  alarms: (n) => {
    const form = ltPlural.select(n);
    const word = form === 'one' ? 'nepatvirtintas aliarmas' : form === 'few' ? 'nepatvirtinti aliarmai' : 'nepatvirtintų aliarmų';
    return `${n} ${word}`;
  },
  noAlarms: 'Nepatvirtintų aliarmų nėra',
};

const TABLE: Record<MenuLanguage, Labels> = { en, ru, lt };

export function menuLabels(lang: MenuLanguage): Labels {
  return TABLE[lang];
}
