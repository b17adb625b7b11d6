/** Vite's `import.meta.glob` (the renderer's tsconfig loads no vite types). */
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true; import: 'default' }): Record<string, T>;
}
