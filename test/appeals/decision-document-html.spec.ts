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
});
