/**
 * The Admin screen's pure helpers speak through the renderer's i18next instance, which these
 * tests load under Node (tsconfig.node.json, no DOM library and no Vite types): that module
 * marks the page's language on `document` when there is one, and reads its locale files with
 * Vite's glob (as renderer/src/i18n/glob.d.ts declares it for the renderer).
 */
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true; import: 'default' }): Record<string, T>;
}
declare const document: { documentElement: { lang: string } } | undefined;
