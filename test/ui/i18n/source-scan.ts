// Reads the app's source as the catalogue checks need it: which message ids the code uses,
// the organiser descriptions' labels (their English text is their id), and any text shown to
// people that bypasses the catalogues. TypeScript's own parser, so comments and types never count.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

function parse(file: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

const isText = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** Every string literal in the files, and the fixed heads of template literals (`ovCount_${kind}`). */
export function literals(files: readonly string[]): { strings: Set<string>; prefixes: Set<string> } {
  const strings = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of files)
    walk(parse(file), (node) => {
      if (isText(node)) strings.add(node.text);
      if (ts.isTemplateExpression(node) && node.head.text) prefixes.add(node.head.text);
    });
  return { strings, prefixes };
}

// The organiser's resource descriptions: these properties, and the first argument of the
// column builders and of tl(), are labels whose English text is their id.
const LABEL_PROPERTIES = new Set(['label', 'title', 'empty', 'help']);
const LABEL_CALLS = new Set(['col', 'money', 'ratio', 'tl']);

export interface Found {
  file: string;
  line: number;
  text: string;
}

const at = (file: string, sf: ts.SourceFile, node: ts.Node, text: string): Found => ({
  file,
  line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
  text,
});

export function organiserLabels(files: readonly string[]): Found[] {
  const found: Found[] = [];
  for (const file of files) {
    const sf = parse(file);
    walk(sf, (node) => {
      if (
        ts.isPropertyAssignment(node) &&
        LABEL_PROPERTIES.has(node.name.getText(sf)) &&
        isText(node.initializer)
      )
        found.push(at(file, sf, node.initializer, node.initializer.text));
      if (ts.isCallExpression(node) && LABEL_CALLS.has(node.expression.getText(sf))) {
        const first = node.arguments[0];
        if (first && isText(first)) found.push(at(file, sf, first, first.text));
      }
    });
  }
  return found;
}

// Attributes a person reads or hears (screen readers read aria-label and title).
const SHOWN_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-valuetext']);

/** JSX text and shown attributes written as literals, where a word (a letter) appears. */
export function literalText(files: readonly string[]): Found[] {
  const found: Found[] = [];
  for (const file of files) {
    const sf = parse(file);
    walk(sf, (node) => {
      if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(at(file, sf, node, node.text.trim()));
      if (
        ts.isJsxAttribute(node) &&
        SHOWN_ATTRIBUTES.has(node.name.getText(sf)) &&
        node.initializer &&
        ts.isStringLiteral(node.initializer) &&
        /\p{L}/u.test(node.initializer.text)
      )
        found.push(at(file, sf, node.initializer, node.initializer.text));
    });
  }
  return found;
}

/** The literal ids passed to t() and tn() (the message calls), where they are. */
export function messageCalls(files: readonly string[]): Found[] {
  const found: Found[] = [];
  for (const file of files) {
    const sf = parse(file);
    walk(sf, (node) => {
      if (!ts.isCallExpression(node) || !['t', 'tn'].includes(node.expression.getText(sf))) return;
      const first = node.arguments[0];
      if (first && isText(first)) found.push(at(file, sf, first, first.text));
    });
  }
  return found;
}
