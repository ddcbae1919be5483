import { DomainError } from '../errors';
import type { LagFault, LagShot } from '../events/catalogue';
import { t, type Text } from './general/explain';
import type { RuleId } from './ruling';

// G1.6–1.7: the lag for the break. Each player's ball either faulted or stopped at a distance
// from the head cushion; the closest clean ball wins and its player chooses who breaks.

export const LAG_FAULT_TEXT: Record<LagFault, Text> = {
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

export interface LagRuling {
  // null: a re-lag (both lags faulted, or they could not be told apart).
  winner: string | null;
  rule: RuleId;
  explanation: string;
  explanationPt: string;
}

// The lag facts must hold one ball per player, and two clean balls their distances.
function checkLag(lag: readonly LagShot[], players: readonly string[]): void {
  if (lag.length !== 2 || !players.every((id) => lag.some((l) => l.player === id))) {
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      'A lag records one ball for each player of the match',
      'G1.6',
    );
  }
  // G1.6: distances decide only between two clean lags; when the other ball faulted, the clean
  // one wins wherever it stopped, so its distance is not needed.
  const bothClean = lag.every((l) => l.faults.length === 0);
  for (const l of lag) {
    const d = l.distanceFromHeadCushionMm;
    if ((bothClean && d === null) || (d !== null && d < 0)) {
      throw new DomainError(
        'INVALID_SHOT_FACTS',
        `Two lags without a fault need the distance from the head cushion (${l.player})`,
        'G1.6',
      );
    }
  }
}

// G1.6–1.7: a faulted lag loses; both faulted, or no difference between them, is a re-lag.
export function ruleLag(
  lag: readonly LagShot[],
  players: readonly string[],
  name: (id: string) => string,
): LagRuling {
  checkLag(lag, players);
  const { winner, why } = lagVerdict(lag, name);
  return {
    winner,
    rule: winner === null ? 'G1.7' : 'G1.6',
    explanation: capitalise(why.en),
    explanationPt: capitalise(why.pt),
  };
}

function lagVerdict(
  lag: readonly LagShot[],
  name: (id: string) => string,
): { winner: string | null; why: Text } {
  const [a, b] = lag;
  const clean = lag.filter((l) => l.faults.length === 0);
  const faultText = (l: LagShot) =>
    t(
      `${name(l.player)}'s ball ${l.faults.map((f) => LAG_FAULT_TEXT[f].en).join(' and ')}`,
      `a bola de ${name(l.player)} ${l.faults.map((f) => LAG_FAULT_TEXT[f].pt).join(' e ')}`,
    );
  if (clean.length === 0) {
    return {
      winner: null,
      why: t(
        `Both lags faulted (${faultText(a).en}; ${faultText(b).en}): the lag is replayed (G1.7).`,
        `As duas tiragens tiveram falta (${faultText(a).pt}; ${faultText(b).pt}): a tiragem repete-se (G1.7).`,
      ),
    };
  }
  if (clean.length === 1) {
    const winner = clean[0].player;
    const loser = lag.find((l) => l.player !== winner)!;
    return {
      winner,
      why: t(
        `${faultText(loser).en}, so ${name(winner)} wins the lag and chooses who breaks (G1.6).`,
        `${faultText(loser).pt}, por isso ${name(winner)} ganha a tiragem e escolhe quem faz a saída (G1.6).`,
      ),
    };
  }
  if (a.distanceFromHeadCushionMm === b.distanceFromHeadCushionMm) {
    return {
      winner: null,
      why: t(
        'The two lags could not be told apart: the lag is replayed (G1.7).',
        'Não foi possível decidir a tiragem: repete-se (G1.7).',
      ),
    };
  }
  const winner = a.distanceFromHeadCushionMm! < b.distanceFromHeadCushionMm! ? a.player : b.player;
  return {
    winner,
    why: t(
      `${name(winner)}'s ball stopped closest to the head cushion: ${name(winner)} wins the lag and chooses who breaks (G1.6).`,
      `A bola de ${name(winner)} ficou mais perto da tabela de saída: ${name(winner)} ganha a tiragem e escolhe quem faz a saída (G1.6).`,
    ),
  };
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
