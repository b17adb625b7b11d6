// @ts-check
/**
 * Server text must never reach innerHTML: Leaflet's tooltips, popups and divIcons put a
 * string content into innerHTML, and a CSP that stops scripts still lets `<img>` beacons,
 * `<style>` and links through. So those sinks take DOM nodes (renderer/src/ui/dom.ts), and
 * the raw HTML sinks are not used at all. Which identifier holds a string is not known
 * to a lint rule, so the forms that are plainly strings are refused: literals, templates,
 * `+` concatenations, `.join()`, `String()`, and conditionals between them.
 */

const CONTENT_CALLS = new Set(['bindTooltip', 'bindPopup', 'setTooltipContent', 'setPopupContent', 'setContent']);
const RAW_PROPS = new Set(['innerHTML', 'outerHTML']);

/** @param {any} node */
function stringish(node) {
  if (!node) return false;
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string';
    case 'TemplateLiteral':
    case 'TaggedTemplateExpression':
      return true;
    case 'BinaryExpression':
      return node.operator === '+';
    case 'ConditionalExpression':
      return stringish(node.consequent) || stringish(node.alternate);
    case 'LogicalExpression':
      return stringish(node.left) || stringish(node.right);
    case 'TSAsExpression':
    case 'TSNonNullExpression':
      return stringish(node.expression);
    case 'CallExpression':
      return (
        (node.callee.type === 'Identifier' && node.callee.name === 'String') ||
        (node.callee.type === 'MemberExpression' && !node.callee.computed && ['join', 'toString', 'replace', 'replaceAll'].includes(node.callee.property.name))
      );
    default:
      return false;
  }
}

/** @param {any} callee */
const calleeName = (callee) =>
  callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : undefined;

/** @type {import('eslint').Rule.RuleModule} */
const noHtmlSinks = {
  meta: {
    type: 'problem',
    docs: { description: 'No string content into innerHTML, Leaflet tooltips, popups or divIcon html' },
    messages: {
      content: '{{name}}() with a string puts it into innerHTML: pass a node built with renderer/src/ui/dom.ts (h, lines).',
      divIcon: 'divIcon html as a string goes into innerHTML: pass a node built with renderer/src/ui/dom.ts (h).',
      raw: '{{name}} parses markup: build nodes and set textContent instead.',
    },
    schema: [],
  },
  create(context) {
    /** @param {any} node @param {string} name */
    const raw = (node, name) => context.report({ node, messageId: 'raw', data: { name } });
    /** @param {any} node */
    const checkIcon = (node) => {
      const name = calleeName(node.callee);
      if (name !== 'divIcon' && name !== 'DivIcon') return;
      const opts = node.arguments[0];
      if (opts?.type !== 'ObjectExpression') return;
      for (const p of opts.properties) {
        if (p.type === 'Property' && !p.computed && ((p.key.type === 'Identifier' && p.key.name === 'html') || p.key.value === 'html') && stringish(p.value)) {
          context.report({ node: p, messageId: 'divIcon' });
        }
      }
    };
    return {
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (name && CONTENT_CALLS.has(name) && node.callee.type === 'MemberExpression' && stringish(node.arguments[0])) {
          context.report({ node, messageId: 'content', data: { name } });
        }
        if (name === 'insertAdjacentHTML' && node.callee.type === 'MemberExpression') raw(node, 'insertAdjacentHTML');
        checkIcon(node);
      },
      NewExpression: checkIcon,
      AssignmentExpression(node) {
        const left = /** @type {any} */ (node.left);
        if (left.type === 'MemberExpression' && !left.computed && RAW_PROPS.has(left.property.name)) raw(node, left.property.name);
        if (left.type === 'MemberExpression' && left.computed && left.property.type === 'Literal' && RAW_PROPS.has(String(left.property.value))) raw(node, String(left.property.value));
      },
      /** @param {any} node */
      JSXAttribute(node) {
        if (node.name?.name === 'dangerouslySetInnerHTML') raw(node, 'dangerouslySetInnerHTML');
      },
      Property(node) {
        const k = /** @type {any} */ (node.key);
        if (!node.computed && (k.name === 'dangerouslySetInnerHTML' || k.value === 'dangerouslySetInnerHTML')) raw(node, 'dangerouslySetInnerHTML');
      },
    };
  },
};

export default { meta: { name: 'fleet-html-sinks' }, rules: { 'no-html-sinks': noHtmlSinks } };
