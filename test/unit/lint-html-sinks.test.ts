import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The rule that keeps server text out of innerHTML: string content in Leaflet's sinks and raw HTML sinks fail; nodes pass. */
describe('ESLint HTML sinks', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const lint = async (code: string, filePath = 'renderer/src/map/probe.ts') => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'fleet-html/no-html-sinks' || m.fatal);
  };
  const head = "import L from 'leaflet';\nimport { h } from '../ui/dom';\ndeclare const m: L.Marker;\ndeclare const name: string;\n";

  it.each([
    ['a string literal tooltip', "m.bindTooltip('<b>x</b>');"],
    ['a template tooltip', 'm.bindTooltip(`${name}`, { permanent: true });'],
    ['a concatenated popup', "m.bindPopup('<i>' + name + '</i>');"],
    ['a joined popup', "m.bindPopup([name].join('<br>'));"],
    ['a conditional of strings', "m.bindTooltip(name ? `<b>${name}</b>` : 'none');"],
    ['setTooltipContent with a string', 'm.setTooltipContent(`${name}`);'],
    ['setPopupContent with a string', "m.setPopupContent('x' + name);"],
    ['setContent with a string', 'L.tooltip().setContent(`${name}`);'],
    ['divIcon html as a literal', "L.divIcon({ className: 'a', html: '<span></span>' });"],
    ['divIcon html as a template', 'L.divIcon({ html: `<span>${name}</span>` });'],
    ['new DivIcon with string html', "new L.DivIcon({ html: 'A' });"],
    ['innerHTML assignment', "document.body.innerHTML = '';"],
    ['innerHTML +=', 'document.body.innerHTML += name;'],
    ['outerHTML assignment', 'document.body.outerHTML = name;'],
    ['computed innerHTML', "document.body['innerHTML'] = name;"],
    ['insertAdjacentHTML', "document.body.insertAdjacentHTML('beforeend', name);"],
    ['dangerouslySetInnerHTML in props', 'export const p = { dangerouslySetInnerHTML: { __html: name } };'],
  ])('fails %s', async (_what, code) => {
    const problems = await lint(head + code + '\nexport {};\n');
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]!.ruleId).toBe('fleet-html/no-html-sinks');
    expect(problems[0]!.severity).toBe(2);
  });

  it('fails dangerouslySetInnerHTML in JSX', async () => {
    const problems = await lint('export const A = ({ t }: { t: string }) => <div dangerouslySetInnerHTML={{ __html: t }} />;\n', 'renderer/src/ui/Probe.tsx');
    expect(problems.map((p) => p.ruleId)).toEqual(['fleet-html/no-html-sinks']);
  });

  it('allows nodes in every sink, and textContent', async () => {
    const code =
      head +
      "m.bindTooltip(h('span', null, name), { permanent: true });\n" +
      "m.bindPopup(h('div', null, h('b', null, name)));\n" +
      "m.setTooltipContent(h('span', null, name));\n" +
      "L.divIcon({ className: 'a', html: h('span', 'arrow') });\n" +
      'document.body.textContent = name;\n' +
      'export {};\n';
    expect(await lint(code)).toEqual([]);
  });
});
