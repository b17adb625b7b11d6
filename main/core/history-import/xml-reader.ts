/**
 * GPX and KML are read with fast-xml-parser: its validator refuses malformed XML with the line,
 * then its parser gives the elements in document order, each with where it starts so a bad
 * point can be named by its line. Our tree (`XmlElement`) keeps the readers independent of the
 * parser's output shape.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FleetError } from '../../../common/errors';

export interface XmlElement {
  /** Local name, the namespace prefix dropped (`gx:coord` → `coord`). */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

/** preserveOrder's node: `{ tag: children, ':@': attrs }` or `{ '#text': text }`. */
type OrderedNode = Record<string, unknown>;

const ATTRS = ':@';
const TEXT = '#text';
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

const parser = new XMLParser({
  preserveOrder: true,
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  captureMetaData: true,
  // Named and numeric references (this version decodes `&#65;` only with htmlEntities on);
  // DOCTYPE entities never reach the parser (refused below).
  processEntities: true,
  htmlEntities: true,
});

export function readXml(source: string, what: string): XmlElement {
  const text = source.replace(/^\uFEFF/, '');
  // An internal subset can declare entities that expand without bound; no track file needs one.
  const doctype = /<!DOCTYPE[^>[]*\[/i.exec(text);
  if (doctype) throw new FleetError('invalid_input', `${what}, line ${lineOf(text, doctype.index)}: a DOCTYPE with declarations is not accepted`);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) throw new FleetError('invalid_input', `${what}, line ${valid.err.line}: ${valid.err.msg}`);
  const nodes = parser.parse(text) as OrderedNode[];
  const lines = lineStarts(text);
  const roots = nodes.filter((n) => !(TEXT in n)).map((n) => toElement(n, lines));
  if (roots.length !== 1) throw new FleetError('invalid_input', `${what}: ${roots.length ? 'more than one root element' : 'no root element'}`);
  return roots[0]!;
}

function toElement(node: OrderedNode, lines: number[]): XmlElement {
  const tag = Object.keys(node).find((k) => k !== ATTRS)!;
  const attrs = (node[ATTRS] ?? {}) as Record<string, string>;
  const meta = (node as Record<symbol, { startIndex?: number } | undefined>)[META];
  const el: XmlElement = { name: tag, attrs: { ...attrs }, children: [], text: '', line: lineAt(lines, meta?.startIndex ?? 0) };
  for (const c of node[tag] as OrderedNode[]) {
    if (TEXT in c) el.text += String(c[TEXT]);
    else el.children.push(toElement(c, lines));
  }
  return el;
}

function lineStarts(s: string): number[] {
  const out = [0];
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

function lineAt(starts: number[], index: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

const lineOf = (s: string, index: number) => lineAt(lineStarts(s), index);

/** Every descendant named `name`, in document order. */
export function descendants(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of el.children) {
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}
