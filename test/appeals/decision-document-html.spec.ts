import { createHash } from 'node:crypto';
import { documentHtml, DOCUMENT_CSP } from '../../src/appeals/document/document-html';
import type { DocumentView } from '../../src/appeals/document/document-view';

// The decision document is built as a string on the server: every recorded text (grounds,
// evidence, reasons, names) must reach the page as text, never as markup, and the page's one
// style sheet must be the one its CSP allows.
const view = (over: Partial<DocumentView> = {}): DocumentView => ({
  lang: 'en',
  heading: 'Appeal decision · Appeal A1',
  status: 'pending',
  parties: [{ label: 'Appellant', text: 'Bruno <b>Reis</b>' }],
  match: [{ label: 'Match', text: 'm-1' }],
  disputed: { text: 'Appeal against the ruling', revision: 6, facts: null, ruling: null },
  rules: [],
  grounds: '<script>alert("x")</script> & more',
  proposal: { text: 'award the game', ruling: null },
  evidence: ['E1 · statement <img src=x onerror=alert(1)>'],
  timeline: [],
  decision: null,
  review: null,
  fee: 'No fee recorded.',
  feeNote: null,
  reviewRequest: null,
  layouts: [],
  signatures: [],
  hashes: [],
  streamId: 'match-m-1',
  ...over,
});

describe('the decision document as HTML', () => {
  it('prints recorded text as text, never as markup', () => {
    const html = documentHtml(view());
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(html).toContain('Bruno &lt;b&gt;Reis&lt;/b&gt;');
  });

  it('allows no script, and only its own inline style by hash', () => {
    const html = documentHtml(view({ lang: 'pt' }));
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    const hash = createHash('sha256').update(style).digest('base64');
    expect(DOCUMENT_CSP).toContain(`style-src 'sha256-${hash}'`);
    expect(DOCUMENT_CSP).toContain("script-src 'none'");
    expect(html).toContain('<html lang="pt">');
    expect(html).toContain('@page { size: A4;');
  });

  it('draws a recorded layout as inline SVG the CSP allows: no script, no style attribute', () => {
    const html = documentHtml(
      view({
        layouts: [
          {
            id: 'recorded',
            title: 'Layout of the disputed shot',
            caption: '9-ft table · recorded at event 5 by <referee>',
            layout: {
              table: 'NINE_FOOT',
              balls: [
                { ball: 0, x: 400, y: 600 },
                { ball: 9, x: 1900, y: 635 },
              ],
            },
            positions: 'cue ball (400, 600) · 9 (1900, 635)',
            checks: ['G1.36: ball 9 is not touching the foot cushion'],
          },
        ],
      }),
    );
    const svg = /<svg[\s\S]*?<\/svg>/.exec(html)![0];
    expect(svg).toContain('viewBox="0 0 2660 1390"');
    // The cue ball and the 9 at their millimetres (plus the 60 mm rail drawn around the surface).
    expect(svg).toMatch(/<g data-ball="0">.*cx="460" cy="660"/);
    expect(svg).toMatch(/<g data-ball="9">.*clip-path="url\(#layout-recorded-9\)"/);
    expect(svg).not.toMatch(/\sstyle=|<script|\son\w+=/);
    expect(html).toContain('recorded at event 5 by &lt;referee&gt;');
    expect(html).toContain('G1.36: ball 9 is not touching the foot cushion');
    expect(html).toContain('cue ball (400, 600) · 9 (1900, 635)');
  });

  it('says what became of the fee', () => {
    const html = documentHtml(
      view({ fee: '25 EUR · outcome: refunded', feeNote: 'The fee is refunded to Bruno Reis.' }),
    );
    expect(html).toContain('<p>25 EUR · outcome: refunded. The fee is refunded to Bruno Reis.</p>');
  });
});
