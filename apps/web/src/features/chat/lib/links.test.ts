import { describe, expect, it } from 'vitest';
import { linkParts } from './links';

describe('linkParts', () => {
  it('plain text stays one text part', () => {
    expect(linkParts('long BTC at 64k')).toEqual([{ kind: 'text', text: 'long BTC at 64k' }]);
  });

  it('an https address becomes a link labelled with its host; a trailing full stop stays text', () => {
    expect(linkParts('chart: https://www.tradingview.com/x/AbC/?a=1. nice')).toEqual([
      { kind: 'text', text: 'chart: ' },
      {
        kind: 'link',
        href: 'https://www.tradingview.com/x/AbC/?a=1',
        host: 'www.tradingview.com',
        text: 'https://www.tradingview.com/x/AbC/?a=1',
      },
      { kind: 'text', text: '. nice' },
    ]);
  });

  it.each([
    ['http', 'see http://example.com now'],
    ['javascript', 'click javascript://alert(1)'],
    ['data', 'data://text/html,hi'],
    ['ftp', 'ftp://files.example.com/a'],
  ])('a %s address stays plain text', (_scheme, text) => {
    expect(linkParts(text)).toEqual([{ kind: 'text', text }]);
  });

  it('a host with credentials in front shows the real host', () => {
    const [link] = linkParts('https://binance.com@evil.example/login');
    expect(link).toMatchObject({ kind: 'link', host: 'evil.example' });
  });

  it('several links and the text between them, in order', () => {
    const parts = linkParts('a https://a.example b https://b.example');
    expect(parts.map((p) => (p.kind === 'link' ? `[${p.host}]` : p.text))).toEqual([
      'a ',
      '[a.example]',
      ' b ',
      '[b.example]',
    ]);
  });
});
