import {
  disputedText,
  playerName,
  REMEDY_TEXT,
  ruleText,
  type Amendment,
  type AppealState,
  type CaseFile,
  type MatchState,
  type Ruling,
} from '../../domain';
import { MATCH_STREAM_PREFIX, type MatchRecord } from '../../ledger/envelope';
import type { Layout } from '../../domain/table/layout';
import { LABELS, type Lang } from './document-labels';
import { disputedShotLayout, proposedLayoutFor, type LayoutRecord } from './document-layout';

// What the decision document prints, in one language, as plain strings: built from the case file
// and the match stream, rendered by document-html.ts.

export interface Line {
  label: string;
  text: string;
}

export interface DocumentView {
  lang: Lang;
  heading: string;
  status: string;
  parties: Line[];
  match: Line[];
  disputed: { text: string; revision: number; facts: string | null; ruling: string | null };
  rules: { id: string; text: string; note: string }[];
  grounds: string;
  proposal: { text: string; ruling: string | null };
  evidence: string[];
  timeline: Line[];
  decision: { outcome: string; reasons: string; remedy: string | null; by: string } | null;
  review: { outcome: string; reasons: string; by: string } | null;
  // A party's request for the review, while the panel has not reviewed the decision.
  reviewRequest: string | null;
  fee: string;
  // What became of the fee, in words (null: open, or no fee).
  feeNote: string | null;
  // The disputed shot's recorded layout, and the appellant's proposed one, when recorded.
  layouts: LayoutView[];
  signatures: string[];
  hashes: Line[];
  streamId: string;
}

export interface LayoutView {
  id: string;
  title: string;
  caption: string;
  layout: Layout;
  positions: string;
  checks: string[];
}

export function documentView(
  f: CaseFile<MatchRecord>,
  records: readonly MatchRecord[],
  s: MatchState,
  lang: Lang,
): DocumentView {
  const L = LABELS[lang];
  const a = f.appeal;
  const say = (t: { en: string; pt: string }) => (lang === 'pt' ? t.pt : t.en);
  const explain = (r: Ruling | null) => r && (lang === 'pt' ? r.explanationPt : r.explanation);
  const name = (id: string | null) => playerName(s, id);
  const opponent = s.players.find((p) => p.id !== a.by)?.id ?? null;
  const decided = f.decision?.event.type === 'AppealDecided' ? f.decision.event.data : null;
  const reviewed = f.review?.event.type === 'AppealReviewed' ? f.review.event.data : null;
  const disputed = disputedText(s, f.disputed.event);
  const cited = [
    ...citedBy(f.recordedRuling),
    ...citedBy(f.proposedRuling),
    ...(decided?.rule ? [decided.rule] : []),
  ];
  return {
    lang,
    heading: `${L.title} · ${L.appeal} ${a.id}`,
    status: (L.status[a.status] ?? a.status) + (a.mootedBy ? ` (${L.mootedBy} ${a.mootedBy})` : ''),
    parties: [
      { label: L.appellant, text: name(a.by) },
      { label: L.respondent, text: name(opponent) },
    ],
    match: [
      { label: L.match, text: `${s.id} · ${s.players.map((p) => p.name).join(' – ')}` },
      { label: L.competition, text: s.competition ?? L.none },
    ],
    disputed: {
      text: lang === 'pt' ? `Recorre-se ${disputed.pt}` : `Appeal against ${disputed.en}`,
      revision: f.disputed.revision,
      facts: f.shot?.event.type === 'ShotPlayed' ? factsLine(f.shot.event.data.facts) : null,
      ruling: explain(f.recordedRuling),
    },
    rules: [...new Set(cited)].flatMap((id) => {
      const t = ruleText(id);
      return t ? [{ id, text: t[lang], note: lang === 'pt' ? L.ruleNote[t.ptSource] : '' }] : [];
    }),
    grounds: a.grounds,
    proposal: { text: remedyText(f.proposal, L.remedies), ruling: explain(f.proposedRuling) },
    evidence: a.evidence.map((e) =>
      [
        `${e.evidenceId} · ${L.evidenceKinds[e.kind] ?? e.kind} ${L.by} ${name(e.by)} (${L.capacities[e.capacity] ?? e.capacity})`,
        e.url ? `${e.url}${e.atSecond !== null ? ` ${L.from} ${e.atSecond} s` : ''}` : null,
        e.reference,
        e.text,
      ]
        .filter((x) => x)
        .join(' · '),
    ),
    timeline: timeline(f, records, a, lang),
    decision: decided && {
      outcome: L.status[decided.outcome],
      reasons:
        lang === 'pt' ? (decided.reasonPt ?? `${decided.reason}${L.englishOnly}`) : decided.reason,
      remedy: decided.remedy
        ? say(REMEDY_TEXT[decided.remedy.kind](s, decided.remedy, false))
        : null,
      by: decided.decidedBy,
    },
    review: reviewed && {
      outcome: L.review_[reviewed.outcome],
      reasons: reviewReason(reviewed, lang, L.englishOnly),
      by: reviewed.reviewedBy,
    },
    reviewRequest: reviewed ? null : requestLine(records, a.id, name),
    fee: feeLine(a, L),
    feeNote: feeNote(a, records, lang),
    layouts: layouts(f, records, lang),
    signatures: [decided?.decidedBy, reviewed?.reviewedBy].filter((x): x is string => !!x),
    hashes: cites(f, records),
    streamId: `${MATCH_STREAM_PREFIX}${s.id}`,
  };
}

// A ruling's citations: its rules, and the rule of every foul it found.
function citedBy(r: Ruling | null): string[] {
  return r ? [...r.rules, ...r.fouls.map((x) => x.rule)] : [];
}

function requestLine(
  records: readonly MatchRecord[],
  appealId: string,
  name: (id: string | null) => string,
): string | null {
  const r = records.filter((x) => x.event.type === 'AppealReviewRequested' && about(x, appealId));
  const asked = r.at(-1)?.event;
  return asked?.type === 'AppealReviewRequested'
    ? `${name(asked.data.by)}: ${asked.data.reason}`
    : null;
}

function reviewReason(r: { reason: string; reasonPt?: string }, lang: Lang, note: string): string {
  if (lang === 'en') return r.reason;
  return r.reasonPt ?? `${r.reason}${note}`;
}

function remedyText(p: Amendment, words: Record<string, string>): string {
  const detail = p.kind === 'AMEND_FACTS' && p.facts ? `: ${factsLine(p.facts)}` : '';
  const call = p.call ? ` (${p.call.ball ?? '–'} → ${p.call.pocket ?? '–'})` : '';
  return `${words[p.kind] ?? p.kind}${call}${detail}`;
}

// The facts a record holds, the empty ones left out: "firstContact 5 · pocketed 5 SL".
export function factsLine(facts: object): string {
  return Object.entries(facts)
    .filter(([, v]) => v !== null && v !== false && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k} ${typeof v === 'object' ? compact(v) : String(v)}`)
    .join(' · ');
}

function compact(v: unknown): string {
  if (Array.isArray(v)) return v.map(compact).join(', ');
  if (v && typeof v === 'object') return Object.values(v).map(compact).join(' ');
  return String(v);
}

function feeLine(a: AppealState, L: (typeof LABELS)['en']): string {
  if (!a.fee) return L.noFee;
  const outcome = a.feeOutcome?.outcome;
  const said = outcome ? ` · ${L.feeOutcome}: ${L.feeOutcomes[outcome] ?? outcome}` : '';
  return `${a.fee.amount} ${a.fee.currency}${said}`;
}

// The settlement's own words (the latest: a set-aside reopens an appeal and a new one follows).
function feeNote(a: AppealState, records: readonly MatchRecord[], lang: Lang): string | null {
  if (!a.feeOutcome) return null; // open again after a set-aside: not settled now
  const settled = settlement(records, a.id);
  if (settled?.event.type !== 'AppealFeeSettled') return null;
  return lang === 'pt' ? settled.event.data.explanationPt : settled.event.data.explanation;
}

const settlement = (records: readonly MatchRecord[], appealId: string) =>
  records.filter((r) => r.event.type === 'AppealFeeSettled' && about(r, appealId)).at(-1);

function layouts(f: CaseFile<MatchRecord>, records: readonly MatchRecord[], lang: Lang) {
  const L = LABELS[lang];
  const view = (r: LayoutRecord | null, id: string, title: string): LayoutView[] => {
    if (!r) return [];
    const d = r.event.data;
    const by = r.recordedBy ? ` ${L.by} ${r.recordedBy}` : '';
    return [
      {
        id,
        title,
        caption: `${L.tables[d.layout.table]} · ${L.recordedAt} ${r.revision}${by}`,
        layout: d.layout,
        positions: d.layout.balls
          .map((b) => `${b.ball === 0 ? L.cueBall : b.ball} (${b.x}, ${b.y})`)
          .join(' · '),
        checks: d.checks.map(
          (c) => `${c.rule}: ${lang === 'pt' ? c.explanationPt : c.explanation}`,
        ),
      },
    ];
  };
  return [
    ...view(disputedShotLayout(records, f.shot, f.disputed.revision), 'recorded', L.layout),
    ...view(proposedLayoutFor(records, f.appeal.id), 'proposed', L.proposedLayout),
  ];
}

const about = (r: MatchRecord, appealId: string) =>
  (r.event.data as { appealId?: string }).appealId === appealId;

function timeline(
  f: CaseFile<MatchRecord>,
  records: readonly MatchRecord[],
  a: AppealState,
  lang: Lang,
): Line[] {
  const E = LABELS[lang].events;
  const at = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) + ' UTC' : '');
  const lines: Line[] = [{ label: E.filed, text: at(a.filedAt) }];
  lines.push({ label: E.windowCloses, text: at(a.windowClosesAt) });
  for (const r of f.evidence) {
    const hearing = (r.event.data as { kind?: string }).kind === 'HEARING_NOTES';
    lines.push({ label: hearing ? E.hearing : E.evidence, text: at(r.recordedAt) });
  }
  if (a.decisionDeadline) lines.push({ label: E.deadline, text: at(a.decisionDeadline) });
  if (f.decision) lines.push({ label: E.decided, text: at(a.decidedAt ?? f.decision.recordedAt) });
  if (f.review) lines.push({ label: E.reviewed, text: at(f.review.recordedAt) });
  for (const r of records)
    if (r.event.type === 'AppealWithdrawn' && about(r, a.id))
      lines.push({ label: E.withdrawn, text: at(r.recordedAt) });
    else if (r.event.type === 'AppealReviewRequested' && about(r, a.id))
      lines.push({ label: E.reviewRequested, text: at(r.recordedAt) });
    else if (r.event.type === 'AppealMooted' && about(r, a.id))
      lines.push({ label: E.mooted, text: at(r.recordedAt) });
  // In time order (the same format throughout, so the text sorts as the time does).
  return lines.sort((x, y) => (x.text < y.text ? -1 : x.text > y.text ? 1 : 0));
}

// The events the document cites, each with its hash in the stream's chain.
function cites(f: CaseFile<MatchRecord>, records: readonly MatchRecord[]): Line[] {
  const filed = records.find((r) => r.event.type === 'AppealFiled' && about(r, f.appeal.id));
  const settled = settlement(records, f.appeal.id);
  const cited = [f.shot, f.disputed, filed, ...f.evidence, f.decision, f.review, settled];
  const seen = new Set<number>();
  return cited
    .filter((r): r is MatchRecord => !!r && !seen.has(r.revision) && !!seen.add(r.revision))
    .sort((x, y) => x.revision - y.revision)
    .map((r) => ({
      label: `${r.revision} ${r.event.type}`,
      text: String((r.stored.metadata as { hash?: string }).hash ?? '—'),
    }));
}
