// A small reader that turns an XML document into a tree of elements. It is only ever given a
// document that has already passed XML Schema validation (so it is well formed and shaped as the
// schema says); it exists so that the statement reader walks elements rather than matching text,
// which a comment or a CDATA section could fool. Namespaces are dropped: the schema fixed them.

export type XmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
};

export class XmlReadError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    const value = ENTITIES[name];
    if (value === undefined) throw new XmlReadError(`Unknown entity ${whole}`);
    return value;
  });
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);
const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|[^<]+/g;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function readXmlTree(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  for (const token of xml.matchAll(TOKEN)) {
    const [whole, cdata, closing, name, attributes, selfClosing] = token;
    const current = stack[stack.length - 1] as XmlElement;
    if (whole === '<!') throw new XmlReadError('Document type declarations are not accepted');
    if (whole.startsWith('<!--') || whole.startsWith('<?')) continue;
    if (cdata !== undefined) {
      current.text += cdata;
    } else if (name === undefined) {
      current.text += decode(whole);
    } else if (closing) {
      if (current.name !== localName(name) || stack.length === 1)
        throw new XmlReadError(`Unexpected closing tag ${name}`);
      stack.pop();
    } else {
      const element: XmlElement = { name: localName(name), attributes: {}, children: [], text: '' };
      for (const [, key, double, single] of (attributes ?? '').matchAll(ATTRIBUTE))
        element.attributes[localName(key as string)] = decode(double ?? single ?? '');
      current.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1 || root.children.length !== 1)
    throw new XmlReadError('Not one well-formed document');
  return root.children[0] as XmlElement;
}

/** The first element at the end of `path` (child names), or undefined. */
export function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let found = element;
  for (const name of path) found = found?.children.find((item) => item.name === name);
  return found;
}

export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((item) => item.name === name) ?? [];
}

/** The trimmed text at the end of `path`, or undefined when the element is absent or empty. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | undefined {
  const text = child(element, ...path)?.text.trim();
  return text ? text : undefined;
}
