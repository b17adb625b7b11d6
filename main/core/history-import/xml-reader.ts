/**
 * A small, strict XML reader for GPX and KML: elements, attributes, text, CDATA, comments,
 * processing instructions, a DOCTYPE without an internal subset, the five named entities and
 * numeric references. No XML parser is installed (only `xmlchars`) and Node has no DOMParser,
 * so this reads exactly what a track file needs and refuses anything malformed with its line.
 */
import { FleetError } from '../../../common/errors';

export interface XmlElement {
  /** Local name, the namespace prefix dropped (`gx:coord` → `coord`). */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_][\w.:-]*/;

export function readXml(source: string, what: string): XmlElement {
  let pos = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fail = (msg: string): never => {
    const line = source.slice(0, pos).split('\n').length;
    throw new FleetError('invalid_input', `${what}, line ${line}: ${msg}`);
  };
  const lineAt = () => source.slice(0, pos).split('\n').length;
  const decode = (s: string): string =>
    s.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);?/g, (m, ref: string) => {
      if (!m.endsWith(';')) return fail(`"&" must start an entity such as &amp;`);
      if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
      if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
      return NAMED[ref] ?? fail(`unknown entity &${ref};`);
    });
  const skipUntil = (end: string) => {
    const at = source.indexOf(end, pos);
    if (at < 0) fail(`"${end}" expected before the end of the file`);
    pos = at + end.length;
  };
  // Prolog: declaration, comments, PIs, DOCTYPE, whitespace.
  for (;;) {
    while (pos < source.length && /\s/.test(source[pos]!)) pos++;
    if (source.startsWith('<?', pos)) skipUntil('?>');
    else if (source.startsWith('<!--', pos)) skipUntil('-->');
    else if (source.startsWith('<!DOCTYPE', pos)) {
      if (source.slice(pos, source.indexOf('>', pos)).includes('[')) fail('a DOCTYPE with declarations is not accepted');
      skipUntil('>');
    } else break;
  }
  if (source[pos] !== '<') fail('the file does not start with an XML element');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (pos < source.length) {
    if (source.startsWith('<!--', pos)) { skipUntil('-->'); continue; }
    if (source.startsWith('<?', pos)) { skipUntil('?>'); continue; }
    if (source.startsWith('<![CDATA[', pos)) {
      const start = pos + 9;
      skipUntil(']]>');
      if (!stack.length) fail('text outside the root element');
      stack[stack.length - 1]!.text += source.slice(start, pos - 3);
      continue;
    }
    if (source.startsWith('</', pos)) {
      pos += 2;
      const m = NAME.exec(source.slice(pos, pos + 200));
      if (!m) fail('a closing tag without a name');
      pos += m![0].length;
      while (/\s/.test(source[pos] ?? '')) pos++;
      if (source[pos] !== '>') fail(`">" expected to close </${m![0]}`);
      pos++;
      const open = stack.pop();
      if (!open || local(m![0]) !== open.name) fail(`</${m![0]}> does not close ${open ? `<${open.name}>` : 'any element'}`);
      if (!stack.length) { root = open; break; }
      continue;
    }
    if (source[pos] === '<') {
      const line = lineAt();
      pos++;
      const m = NAME.exec(source.slice(pos, pos + 200));
      if (!m) fail('an element without a name');
      pos += m![0].length;
      const el: XmlElement = { name: local(m![0]), attrs: {}, children: [], text: '', line };
      for (;;) {
        while (/\s/.test(source[pos] ?? '')) pos++;
        if (source.startsWith('/>', pos)) { pos += 2; break; }
        if (source[pos] === '>') { pos++; break; }
        const a = NAME.exec(source.slice(pos, pos + 200));
        if (!a) fail(`unexpected "${source[pos] ?? 'end of file'}" in <${m![0]}>`);
        pos += a![0].length;
        while (/\s/.test(source[pos] ?? '')) pos++;
        if (source[pos] !== '=') fail(`"=" expected after the attribute ${a![0]}`);
        pos++;
        while (/\s/.test(source[pos] ?? '')) pos++;
        const q = source[pos];
        if (q !== '"' && q !== "'") fail(`the value of ${a![0]} must be quoted`);
        const end = source.indexOf(q!, pos + 1);
        if (end < 0) fail(`the value of ${a![0]} is not closed`);
        const raw = source.slice(pos + 1, end);
        if (raw.includes('<')) fail(`"<" inside the value of ${a![0]}`);
        el.attrs[local(a![0])] = decode(raw);
        pos = end + 1;
      }
      if (stack.length) stack[stack.length - 1]!.children.push(el);
      const selfClosed = source[pos - 2] === '/';
      if (selfClosed && !stack.length) { root = el; break; }
      if (!selfClosed) stack.push(el);
      continue;
    }
    const next = source.indexOf('<', pos);
    const text = source.slice(pos, next < 0 ? source.length : next);
    if (!stack.length) fail('text outside the root element');
    stack[stack.length - 1]!.text += decode(text);
    pos = next < 0 ? source.length : next;
  }
  if (!root) fail(stack.length ? `<${stack[stack.length - 1]!.name}> is not closed` : 'no root element');
  const rest = source.slice(pos).replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, '');
  if (rest.trim() !== '') fail('content after the root element');
  return root!;
}

function local(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
}

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
