import { createElement, type ReactNode } from 'react';
import './markdown.css';

/**
 * The strategy text's safe subset of Markdown (DESIGN.md section 15), rendered to React
 * elements: headings, paragraphs, bold, italic, lists, blockquotes, code and links to https
 * addresses. Nothing is ever parsed as HTML: raw HTML stays text (React escapes it), an image
 * shows its alt text, a link to anything but https: shows its text only. Written here rather
 * than taken from a library: this subset is ~200 lines, and react-markdown would bring some
 * sixty packages (unified, micromark) for features the strategy text must not have.
 */

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' };

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^ {0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const FENCE = /^ {0,3}(```|~~~)/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;

/** Splits Markdown into blocks (one level of lists; quotes hold blocks). */
export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  const startsBlock = (line: string) =>
    HEADING.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line) ||
    QUOTE.test(line) ||
    FENCE.test(line) ||
    RULE.test(line);
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) {
        code.push(lines[i]!);
        i += 1;
      }
      i += 1; // the closing fence (or the end)
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) {
        inner.push(QUOTE.exec(lines[i]!)![1]!);
        i += 1;
      }
      blocks.push({ kind: 'quote', blocks: parseBlocks(inner.join('\n')) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = !bullet;
      const pattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '') {
        const item = pattern.exec(lines[i]!);
        if (item) items.push(item[ordered ? 2 : 1]!);
        else if (startsBlock(lines[i]!)) break;
        else items[items.length - 1] += ` ${lines[i]!.trim()}`; // a wrapped item
        i += 1;
      }
      blocks.push({ kind: 'list', ordered, start: ordered ? Number(numbered![1]) : 1, items });
      continue;
    }
    const text: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!)) {
      text.push(lines[i]!.trim());
      i += 1;
    }
    blocks.push({ kind: 'paragraph', text: text.join(' ') });
  }
  return blocks;
}

/** Whether a link may be followed: an absolute https: address, nothing else. */
export function isSafeHref(url: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\\]/.test(url)) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** `[text](url)` starting at `from` (the `[`): the text, the url and where it ends. */
function readLink(text: string, from: number): { label: string; url: string; end: number } | null {
  let depth = 0;
  let close = -1;
  for (let j = from; j < text.length; j += 1) {
    if (text[j] === '\\') j += 1;
    else if (text[j] === '[') depth += 1;
    else if (text[j] === ']' && --depth === 0) {
      close = j;
      break;
    }
  }
  if (close < 0 || text[close + 1] !== '(') return null;
  // The address ends at the ')' that balances the '(' (an address may hold parentheses).
  let end = -1;
  for (let j = close + 2, open = 1; j < text.length; j += 1) {
    if (text[j] === '(') open += 1;
    else if (text[j] === ')' && --open === 0) {
      end = j;
      break;
    }
  }
  if (end < 0) return null;
  return {
    label: text.slice(from + 1, close),
    url: text.slice(close + 2, end).trim(),
    end: end + 1,
  };
}

const ESCAPABLE = /[\\`*_[\]()#>!+\-.~]/;
const WORD = /[\p{L}\p{N}]/u;

/** Inline Markdown to React nodes: code, bold, italic, links; everything else as text. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push(buffer);
    buffer = '';
  };
  const push = (node: ReactNode) => {
    flush();
    out.push(node);
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const key = out.length;
    if (ch === '\\' && i + 1 < text.length && ESCAPABLE.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        push(<code key={key}>{text.slice(i + 1, end)}</code>);
        i = end + 1;
        continue;
      }
    }
    const pair = text.slice(i, i + 2);
    if (pair === '**' || pair === '__') {
      const end = text.indexOf(pair, i + 2);
      if (end > i + 2) {
        push(<strong key={key}>{renderInline(text.slice(i + 2, end))}</strong>);
        i = end + 2;
        continue;
      }
    }
    if ((ch === '*' || ch === '_') && text[i + 1] !== ' ' && text[i + 1] !== ch) {
      const openOk = ch === '*' || !WORD.test(text[i - 1] ?? '');
      const end = text.indexOf(ch, i + 1);
      const closeOk = end > i + 1 && (ch === '*' || !WORD.test(text[end + 1] ?? ''));
      if (openOk && closeOk && text[end - 1] !== ' ') {
        push(<em key={key}>{renderInline(text.slice(i + 1, end))}</em>);
        i = end + 1;
        continue;
      }
    }
    if (ch === '!' && text[i + 1] === '[') {
      // An image is never loaded: its alt text stands in its place.
      const image = readLink(text, i + 1);
      if (image) {
        buffer += image.label;
        i = image.end;
        continue;
      }
    }
    if (ch === '[') {
      const link = readLink(text, i);
      if (link) {
        const label = renderInline(link.label);
        if (isSafeHref(link.url)) {
          push(
            <a key={key} href={link.url} target="_blank" rel="noopener noreferrer nofollow">
              {label}
            </a>,
          );
        } else {
          push(<span key={key}>{label}</span>);
        }
        i = link.end;
        continue;
      }
    }
    buffer += ch;
    i += 1;
  }
  flush();
  return out;
}

function renderBlock(block: Block, key: number, headingOffset: number): ReactNode {
  switch (block.kind) {
    case 'heading':
      return createElement(
        `h${Math.min(6, block.level + headingOffset)}`,
        { key, className: 'markdown__heading' },
        renderInline(block.text),
      );
    case 'paragraph':
      return <p key={key}>{renderInline(block.text)}</p>;
    case 'list':
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {block.items.map((item, i) => (
            <li key={i}>{renderInline(item)}</li>
          ))}
        </ol>
      ) : (
        <ul key={key}>
          {block.items.map((item, i) => (
            <li key={i}>{renderInline(item)}</li>
          ))}
        </ul>
      );
    case 'quote':
      return (
        <blockquote key={key}>
          {block.blocks.map((b, i) => renderBlock(b, i, headingOffset))}
        </blockquote>
      );
    case 'code':
      return (
        <pre key={key}>
          <code>{block.text}</code>
        </pre>
      );
    case 'rule':
      return <hr key={key} />;
  }
}

export interface MarkdownProps {
  text: string;
  /** Added to a heading's level: `#` is h(1 + offset). 2 by default (under a page and card). */
  headingOffset?: number;
  className?: string;
}

/** A strategy's text, rendered safely (see the file's comment). */
export function Markdown({ text, headingOffset = 2, className }: MarkdownProps) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      {parseBlocks(text).map((block, i) => renderBlock(block, i, headingOffset))}
    </div>
  );
}
