import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isSafeHref, Markdown } from './markdown';

const html = (text: string) => render(<Markdown text={text} />).container.innerHTML;
const view = (text: string) => render(<Markdown text={text} />).container;

describe('Markdown (the strategy text)', () => {
  it('renders the subset: headings, paragraphs, bold, italic, lists, quotes, code', () => {
    const box = view(
      [
        '# Plan',
        '',
        'Trade **with** the *daily* trend and _only_ then.',
        '',
        '- one',
        '- two',
        '',
        '1. first',
        '2. second',
        '',
        '> Patience pays',
        '',
        'Use `ATR(14)`.',
        '',
        '```',
        'stop = entry - 2 * atr',
        '```',
      ].join('\n'),
    );
    expect(box.querySelector('h3')).toHaveTextContent('Plan');
    expect(box.querySelector('strong')).toHaveTextContent('with');
    expect([...box.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['daily', 'only']);
    expect([...box.querySelectorAll('ul li')].map((e) => e.textContent)).toEqual(['one', 'two']);
    expect([...box.querySelectorAll('ol li')].map((e) => e.textContent)).toEqual([
      'first',
      'second',
    ]);
    expect(box.querySelector('blockquote')).toHaveTextContent('Patience pays');
    expect(box.querySelector('p code')).toHaveTextContent('ATR(14)');
    expect(box.querySelector('pre code')).toHaveTextContent('stop = entry - 2 * atr');
  });

  it('links only to https addresses, opened safely', () => {
    const box = view('See [the chart](https://example.com/c) and [bad](javascript:alert(1)).');
    const links = box.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/c');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(box).toHaveTextContent('See the chart and bad.');
    expect(box.innerHTML).not.toContain('javascript:');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://example.com',
    '//evil.example',
    '/relative',
    'vbscript:msgbox',
  ])('never follows %s', (url) => {
    expect(isSafeHref(url)).toBe(false);
    expect(view(`[x](${url})`).querySelector('a')).toBeNull();
  });

  it('keeps raw HTML and scripts as text, never as markup', () => {
    const box = view(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n**<b>bold?</b>** <a href="https://x.test">a</a>',
    );
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('img')).toBeNull();
    expect(box.querySelector('b')).toBeNull();
    expect(box.querySelector('a')).toBeNull();
    expect(box).toHaveTextContent('<script>alert(1)</script>');
    expect(box).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(html('<script>x</script>')).toContain('&lt;script&gt;');
  });

  it('shows an image as its alt text, never loads it', () => {
    const box = view('Chart: ![the weekly chart](https://example.com/chart.png) here');
    expect(box.querySelector('img')).toBeNull();
    expect(box).toHaveTextContent('Chart: the weekly chart here');
    expect(box.innerHTML).not.toContain('chart.png');
  });

  it('leaves snake_case words and lone markers alone, honours escapes', () => {
    const box = view('max_open_trades is 3 * 2 and \\*not italic\\*');
    expect(box.querySelector('em')).toBeNull();
    expect(box).toHaveTextContent('max_open_trades is 3 * 2 and *not italic*');
  });

  it('shows nothing for an empty text', () => {
    expect(view('').textContent).toBe('');
  });
});
