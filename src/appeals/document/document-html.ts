import { createHash } from 'node:crypto';
import { LABELS } from './document-labels';
import { diagramSvg } from './document-diagram';
import type { DocumentView, LayoutView, Line } from './document-view';

// The decision document as one self-contained HTML page: no script, and its one style sheet
// inline, allowed by its hash in the page's CSP (the same policy as the viewer's otherwise).
// Print CSS fits it on one A4 page where the case allows.

const STYLE = `
@page { size: A4; margin: 12mm 14mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.35 Georgia, 'Times New Roman', serif; color: #111; margin: 0 auto; max-width: 190mm; padding: 8mm; }
h1 { font-size: 15pt; margin: 0 0 1mm; }
h2 { font-size: 10.5pt; margin: 3mm 0 1mm; border-bottom: 1px solid #555; text-transform: uppercase; letter-spacing: .04em; }
p, ul, dl { margin: 0 0 1mm; }
ul { padding-left: 5mm; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 3mm; }
dt { font-weight: bold; }
dd { margin: 0; }
.status { font-weight: bold; }
.rule { white-space: pre-line; font-size: 8.5pt; }
.note { color: #444; font-style: italic; }
.cols { display: grid; grid-template-columns: 1fr 1fr; gap: 0 6mm; }
.signatures { display: flex; gap: 10mm; margin-top: 6mm; }
.signatures div { flex: 1; border-top: 1px solid #111; padding-top: 1mm; font-size: 9pt; }
.layouts { display: flex; flex-wrap: wrap; gap: 2mm 6mm; margin-top: 1mm; }
.layouts figure { margin: 0; font-size: 8pt; display: flex; gap: 3mm; align-items: flex-start; flex: 1 1 100%; }
.layouts svg { display: block; width: 60mm; height: auto; flex: none; }
.hashes { font: 7pt/1.3 'DejaVu Sans Mono', monospace; word-break: break-all; }
footer { margin-top: 3mm; font-size: 7.5pt; color: #333; }
@media print {
  body { padding: 0; max-width: none; font-size: 9pt; line-height: 1.25; }
  h1 { font-size: 13pt; }
  h2 { font-size: 9pt; margin: 2mm 0 0.5mm; }
  .rule { font-size: 7.5pt; margin: 0; }
  .signatures { margin-top: 4mm; }
  .layouts svg { width: 36mm; }
  .timeline dl { grid-template-columns: max-content 1fr max-content 1fr; }
  .layouts figure { font-size: 7pt; }
}
`;

export const DOCUMENT_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const lines = (xs: Line[]) =>
  `<dl>${xs.map((l) => `<dt>${esc(l.label)}</dt><dd>${esc(l.text)}</dd>`).join('')}</dl>`;
const section = (title: string, body: string, cls = '') =>
  `<section${cls ? ` class="${cls}"` : ''}><h2>${esc(title)}</h2>${body}</section>`;
const figure = (l: LayoutView) =>
  `<figure data-layout="${l.id}">${diagramSvg(l.layout, `${l.title}: ${l.positions}`, `layout-${l.id}`)}` +
  `<figcaption><strong>${esc(l.title)}</strong> · ${esc(l.caption)}<br>${esc(l.positions)}` +
  l.checks.map((c) => `<br>${esc(c)}`).join('') +
  `</figcaption></figure>`;
const para = (s: string | null, cls = '') =>
  s ? `<p${cls ? ` class="${cls}"` : ''}>${esc(s)}</p>` : '';

export function documentHtml(v: DocumentView): string {
  const L = LABELS[v.lang];
  const d = v.disputed;
  const body = [
    `<header><h1>${esc(v.heading)}</h1><p class="status">${esc(v.status)}</p></header>`,
    `<div class="cols">${section(L.parties, lines(v.parties))}${section(L.match, lines(v.match))}</div>`,
    section(
      `${L.disputed} (${L.revision} ${d.revision})`,
      para(d.text) +
        (d.facts ? lines([{ label: L.facts, text: d.facts }]) : '') +
        (d.ruling ? lines([{ label: L.recordedRuling, text: d.ruling }]) : ''),
    ),
    v.layouts.length ? `<section class="layouts">${v.layouts.map(figure).join('')}</section>` : '',
    v.rules.length
      ? section(
          L.rules,
          v.rules
            .map(
              (r) =>
                `<p class="rule"><strong>${esc(r.id)}</strong> ${esc(r.text)}${r.note ? ` <span class="note">(${esc(r.note)})</span>` : ''}</p>`,
            )
            .join(''),
        )
      : '',
    section(
      L.grounds,
      para(v.grounds) +
        lines([
          { label: L.proposal, text: v.proposal.text },
          ...(v.proposal.ruling ? [{ label: L.proposedRuling, text: v.proposal.ruling }] : []),
        ]),
    ),
    section(
      L.evidence,
      v.evidence.length
        ? `<ul>${v.evidence.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>`
        : para(L.noEvidence),
    ),
    section(L.timeline, lines(v.timeline), 'timeline'),
    section(
      L.decision,
      v.decision
        ? lines([
            { label: L.decision, text: v.decision.outcome },
            { label: L.reasons, text: v.decision.reasons },
            ...(v.decision.remedy ? [{ label: L.remedy, text: v.decision.remedy }] : []),
            ...(v.review
              ? [{ label: L.review, text: `${v.review.outcome}: ${v.review.reasons}` }]
              : []),
            ...(v.reviewRequest ? [{ label: L.reviewRequest, text: v.reviewRequest }] : []),
          ])
        : para(L.pending),
    ),
    section(L.fee, para(v.feeNote ? `${v.fee}. ${v.feeNote}` : v.fee)),
    section(
      L.signatures,
      `<div class="signatures">${(v.signatures.length ? v.signatures : ['']).map((s) => `<div>${esc(s)}</div>`).join('')}</div>`,
    ),
    section(L.hashes, `<div class="hashes">${lines(v.hashes)}</div>`),
    `<footer>${esc(`${L.verify} ${v.streamId}.`)}</footer>`,
  ].join('\n');
  return `<!doctype html>
<html lang="${v.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(v.heading)}</title>
<link rel="icon" href="/viewer/current/icon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
