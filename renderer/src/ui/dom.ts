/**
 * Elements for Leaflet's tooltips, popups and icons. Leaflet puts a string into innerHTML,
 * so any text from the server (names, event texts, addresses) goes in as a node built here:
 * strings become text nodes, never markup. Lint forbids string content in those sinks.
 */
export type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(typeof c === 'number' ? String(c) : c);
  return el;
}

/** Lines of a tooltip or popup, one block each (what `<br>` did in the markup strings). */
export function lines(...rows: Child[]): HTMLDivElement {
  return h('div', null, ...rows.filter((r) => r !== null && r !== undefined && r !== false).map((r) => (r instanceof HTMLElement && r.tagName === 'DIV' ? r : h('div', null, r))));
}
