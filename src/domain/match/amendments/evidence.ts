import { DomainError } from '../../errors';
import type {
  AppealEvidenceAttached,
  AppealState,
  EvidenceKind,
  StatementCapacity,
} from '../../events/appeals';
import type { Text } from '../../rules/general/explain';
import type { AttachAppealEvidence } from '../commands';
import { isPlayerOf, playerName, type MatchState } from '../state';
import { pendingAppeal } from './closing';
import { filedEvent, type RecordedHistory } from './history';
import { requireOnPanel } from './recusal';
import { openFile } from './review-request';

// Evidence is attached to a pending appeal by reference, each piece its own event with its
// author: a video (URL and the second to watch from, both required), a photo (URL or archive reference), a
// statement of the referee (current or former), the opponent or the appellant, and the
// committee's hearing notes. Once the appeal is closed, the file is closed.
export function attachEvidence(
  c: AttachAppealEvidence,
  state: MatchState,
  h: RecordedHistory,
): AppealEvidenceAttached {
  const { appeal, forReview } = openFile(state, c.appealId, pendingAppeal);
  const capacity = capacityOf(c, state, h, appeal);
  if (c.kind === 'HEARING_NOTES' && capacity !== 'COMMITTEE')
    throw invalid('Hearing notes are written by the appeals committee');
  // The notes of the hearing are the panel's: a member who may not decide the appeal writes none.
  if (c.kind === 'HEARING_NOTES') {
    const filed = filedEvent(h.events, appeal.id);
    requireOnPanel(
      c.by,
      c.committee,
      state,
      h.events,
      filed,
      `write hearing notes on appeal ${appeal.id}`,
    );
  }
  const item = content(c);
  const evidenceId = `E${appeal.evidence.length + 1}`;
  const who = capacity === 'COMMITTEE' ? c.by : playerName(state, c.by);
  const what = describe(c.kind, item.url, item.atSecond, item.reference);
  const role = ROLE_TEXT[capacity];
  return {
    type: 'AppealEvidenceAttached',
    version: 1,
    data: {
      appealId: appeal.id,
      evidenceId,
      kind: c.kind,
      by: c.by,
      capacity,
      ...(forReview ? { forReview } : {}),
      ...item,
      explanation: `${who} (${role.en}) attaches ${what.en} to appeal ${appeal.id} (${evidenceId})${item.text ? `: ${item.text}` : ''}`,
      explanationPt: `${who} (${role.pt}) junta ${what.pt} ao recurso ${appeal.id} (${evidenceId})${item.text ? `: ${item.text}` : ''}`,
    },
  };
}

function capacityOf(
  c: AttachAppealEvidence,
  state: MatchState,
  h: RecordedHistory,
  appeal: AppealState,
): StatementCapacity {
  switch (c.role) {
    case 'APPEALS_COMMITTEE':
      return 'COMMITTEE';
    case 'PLAYER':
      if (!isPlayerOf(state, c.by))
        throw new DomainError('NOT_A_PLAYER_OF_MATCH', `${c.by} does not play in this match`);
      return c.by === appeal.by ? 'APPELLANT' : 'OPPONENT';
    case 'REFEREE': {
      // A referee replaced since still speaks to what they saw.
      const ever = h.events.some(
        (r) => r.event.type === 'OfficialsAssigned' && r.event.data.referees.includes(c.by),
      );
      if (!ever) throw invalid(`${c.by} was never a referee of this match`);
      return 'REFEREE';
    }
    default:
      throw invalid('Evidence is attached by the players, a referee of the match or the committee');
  }
}

function content(c: AttachAppealEvidence) {
  const text = c.text?.trim() || null;
  const url = c.url?.trim() || null;
  const reference = c.reference?.trim() || null;
  const atSecond = c.atSecond ?? null;
  if (url !== null && !/^https?:\/\/\S+$/.test(url)) throw invalid('url must be an http(s) URL');
  if (atSecond !== null && (!Number.isInteger(atSecond) || atSecond < 0))
    throw invalid('atSecond must be a whole number of seconds from 0');
  if (c.kind === 'VIDEO' && url === null) throw invalid('A video needs its url');
  // A committee watches a recording from a moment, never the whole of it.
  if (c.kind === 'VIDEO' && atSecond === null)
    throw invalid('A video needs the moment to watch from (atSecond, in seconds)');
  if (c.kind !== 'VIDEO' && atSecond !== null) throw invalid('Only a video has a moment to watch');
  if (c.kind === 'PHOTO' && url === null && reference === null)
    throw invalid('A photo needs a url or an archive reference');
  if ((c.kind === 'STATEMENT' || c.kind === 'HEARING_NOTES') && text === null)
    throw invalid(`A ${c.kind === 'STATEMENT' ? 'statement' : 'hearing note'} needs its text`);
  return { url, atSecond, reference, text };
}

const ROLE_TEXT: Record<StatementCapacity, Text> = {
  REFEREE: { en: 'referee', pt: 'árbitro' },
  OPPONENT: { en: 'opponent', pt: 'parte contrária' },
  APPELLANT: { en: 'appellant', pt: 'recorrente' },
  COMMITTEE: { en: 'appeals committee', pt: 'conselho de recurso' },
};

function describe(
  kind: EvidenceKind,
  url: string | null,
  at: number | null,
  ref: string | null,
): Text {
  const from = at === null ? '' : ` from ${clock(at)}`;
  const desde = at === null ? '' : ` a partir de ${clock(at)}`;
  switch (kind) {
    case 'VIDEO':
      return { en: `a video (${url}${from})`, pt: `um vídeo (${url}${desde})` };
    case 'PHOTO':
      return { en: `a photo (${url ?? ref})`, pt: `uma fotografia (${url ?? ref})` };
    case 'STATEMENT':
      return { en: 'a statement', pt: 'uma declaração' };
    case 'HEARING_NOTES':
      return { en: 'hearing notes', pt: 'notas da audiência' };
  }
}

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function invalid(message: string): DomainError {
  return new DomainError('INVALID_EVIDENCE', message);
}
