import { DomainError } from '../errors';
import type { BreakOrderDecided, LagFault, LagShot, LedgerEvent } from '../events/catalogue';
import { t, type Text } from '../rules/general/explain';
import type { BreakOrderRule } from '../table/vocabulary';
import type { DecideBreakOrder } from './commands';
import { requirePlayer } from './guards';
import { playerName, type MatchState } from './state';

export interface FinishedGame {
  breaker: string;
  winner: string;
  loser: string;
}

// G1.34: who breaks the next game, by the rule announced for the match. A tie under LEADER or
// TRAILER has no leader, so the break alternates (the rule book is silent; we take the fairest).
export function nextBreaker(
  rule: BreakOrderRule,
  last: FinishedGame,
  score: Record<string, number>,
): string {
  const other = last.breaker === last.winner ? last.loser : last.winner;
  switch (rule) {
    case 'WINNER':
      return last.winner;
    case 'LOSER':
      return last.loser;
    case 'ALTERNATE':
      return other;
    case 'LEADER':
    case 'TRAILER': {
      const w = score[last.winner] ?? 0;
      const l = score[last.loser] ?? 0;
      if (w === l) return other;
      const leader = w > l ? last.winner : last.loser;
      return rule === 'LEADER' ? leader : leader === last.winner ? last.loser : last.winner;
    }
  }
}

export function decideBreakOrder(c: DecideBreakOrder, state: MatchState): LedgerEvent[] {
  if (state.status !== 'AWAITING_BREAK_ORDER' || state.pendingChoice !== null) {
    throw new DomainError(
      'BREAK_ORDER_ALREADY_DECIDED',
      'The break order of this match is already decided',
    );
  }
  // G1.6–1.7: the winner of the lag or toss chooses who breaks; that choice is its own event (A12).
  if (c.method === 'LAG' && c.lag) return [ruleLag(c.lag, state)];
  if (c.winner === null) {
    throw new DomainError(
      'INVALID_MATCH_SETUP',
      'Name the toss or lag winner, or give the lag facts',
      'G1.6',
    );
  }
  requirePlayer(state, c.winner);
  return [
    {
      type: 'BreakOrderDecided',
      version: 1,
      data: { method: c.method, winner: c.winner, rule: 'G1.6' },
    },
  ];
}

const LAG_FAULT_TEXT: Record<LagFault, Text> = {
  CROSSED_INTO_OTHER_HALF: t('crossed into the other half', 'passou para a outra metade da mesa'),
  MISSED_FOOT_CUSHION: t('did not reach the foot cushion', 'não tocou na tabela de topo'),
  POCKETED: t('was pocketed', 'foi embolsada'),
  JUMPED_OFF_TABLE: t('left the table', 'saiu da mesa'),
  TOUCHED_SIDE_CUSHION: t('touched a side cushion', 'tocou numa tabela lateral'),
  TOUCHED_FOOT_CUSHION_TWICE: t(
    'touched the foot cushion twice',
    'tocou duas vezes na tabela de topo',
  ),
};

// G1.6–1.7: a faulted lag loses; both faulted, or no difference between them, is a re-lag.
function ruleLag(lag: LagShot[], state: MatchState): BreakOrderDecided {
  const ids = state.players.map((p) => p.id);
  if (lag.length !== 2 || !ids.every((id) => lag.some((l) => l.player === id))) {
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      'A lag records one ball for each player of the match',
      'G1.6',
    );
  }
  for (const l of lag) {
    if (
      l.faults.length === 0 &&
      (l.distanceFromHeadCushionMm === null || l.distanceFromHeadCushionMm < 0)
    ) {
      throw new DomainError(
        'INVALID_SHOT_FACTS',
        `A lag without a fault needs the distance from the head cushion (${l.player})`,
        'G1.6',
      );
    }
  }
  const [a, b] = lag;
  const clean = lag.filter((l) => l.faults.length === 0);
  let winner: string | null = null;
  let why: Text;
  const faultText = (l: LagShot) =>
    t(
      `${playerName(state, l.player)}'s ball ${l.faults.map((f) => LAG_FAULT_TEXT[f].en).join(' and ')}`,
      `a bola de ${playerName(state, l.player)} ${l.faults.map((f) => LAG_FAULT_TEXT[f].pt).join(' e ')}`,
    );
  if (clean.length === 0) {
    why = t(
      `Both lags faulted (${faultText(a).en}; ${faultText(b).en}): the lag is replayed (G1.7).`,
      `As duas tiragens tiveram falta (${faultText(a).pt}; ${faultText(b).pt}): a tiragem repete-se (G1.7).`,
    );
  } else if (clean.length === 1) {
    winner = clean[0].player;
    const loser = lag.find((l) => l.player !== winner)!;
    why = t(
      `${faultText(loser).en}, so ${playerName(state, winner)} wins the lag and chooses who breaks (G1.6).`,
      `${faultText(loser).pt}, por isso ${playerName(state, winner)} ganha a tiragem e escolhe quem faz a saída (G1.6).`,
    );
  } else if (a.distanceFromHeadCushionMm === b.distanceFromHeadCushionMm) {
    why = t(
      'The two lags could not be told apart: the lag is replayed (G1.7).',
      'Não foi possível decidir a tiragem: repete-se (G1.7).',
    );
  } else {
    winner = a.distanceFromHeadCushionMm! < b.distanceFromHeadCushionMm! ? a.player : b.player;
    why = t(
      `${playerName(state, winner)}'s ball stopped closest to the head cushion: ${playerName(state, winner)} wins the lag and chooses who breaks (G1.6).`,
      `A bola de ${playerName(state, winner)} ficou mais perto da tabela de saída: ${playerName(state, winner)} ganha a tiragem e escolhe quem faz a saída (G1.6).`,
    );
  }
  return {
    type: 'BreakOrderDecided',
    version: 1,
    data: {
      method: 'LAG',
      winner,
      rule: winner === null ? 'G1.7' : 'G1.6',
      lag: lag.map((l) => ({
        player: l.player,
        faults: [...l.faults],
        distanceFromHeadCushionMm: l.distanceFromHeadCushionMm,
      })),
      explanation: capitalise(why.en),
      explanationPt: capitalise(why.pt),
    },
  };
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
