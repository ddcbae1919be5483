import type { Group, Pocket } from '../../table/vocabulary';
import { ball, ballInHandWhere, names, t, type Players, type Text } from '../general/explain';

const groupPt = (g: Group): string => (g === 'SOLIDS' ? 'lisas' : 'riscadas');
const opponentWins = (p: Players): Text => t(`${p.opponent} wins`, `ganha ${p.opponent}`);
// "…and loses the game (E8.18); Bruno wins."
const loses = (p: Players, what: Text, rules = 'E8.18'): Text =>
  t(
    `${p.shooter} ${what.en} and loses the game (${rules}); ${opponentWins(p).en}.`,
    `${p.shooter} ${what.pt} e perde o jogo (${rules}); ${opponentWins(p).pt}.`,
  );

// The 8-ball explanations, English and European Portuguese.
export const EIGHT_BALL_TEXTS = {
  // The break (E8.3 to E8.7).
  eightOffOnBreakLoses: (p: Players): Text =>
    loses(
      p,
      t('drove the 8 off the table on the break', 'fez saltar a 8 para fora da mesa na saída'),
      'E8.18, A4',
    ),
  eightOffOnBreakChoice: (p: Players): Text =>
    t(
      `the 8 left the table on the break; ${p.opponent} chooses to spot the 8 and shoot from the kitchen, or to re-rack and break (E8.7, A4)`,
      `a 8 saiu da mesa na saída; ${p.opponent} escolhe recolocar a 8 e jogar da área de saída, ou voltar a armar e fazer a saída (E8.7, A4)`,
    ),
  eightOnFoulBreak: (p: Players): Text =>
    t(
      `the 8 went down on a foul break; ${p.opponent} chooses to re-rack and break, or to spot the 8 and shoot with ball in hand behind the head string (E8.7)`,
      `a 8 entrou numa saída com falta; ${p.opponent} escolhe voltar a armar e fazer a saída, ou recolocar a 8 e jogar com bola na mão atrás da linha de saída (E8.7)`,
    ),
  eightOnLegalBreak: (p: Players): Text =>
    t(
      `${p.shooter} pocketed the 8 on a legal break and chooses to spot it and continue, or to re-rack and break again (E8.7)`,
      `${p.shooter} embolsou a 8 numa saída legal e escolhe recolocá-la e continuar, ou voltar a armar e repetir a saída (E8.7)`,
    ),
  illegalBreak: (p: Players): Text =>
    t(
      `illegal break: no ball pocketed and fewer than four object balls reached a cushion; ${p.opponent} chooses to accept the table, re-rack and break, or have ${p.shooter} break again (E8.3)`,
      `saída ilegal: nenhuma bola embolsada e menos de quatro bolas de cor tocaram numa tabela; ${p.opponent} escolhe aceitar a mesa, voltar a armar e fazer a saída, ou que ${p.shooter} repita a saída (E8.3)`,
    ),
  // A15 / A18: the other foul of the break stroke.
  acceptWithBallInHand: (p: Players, rule: string): Text =>
    t(
      `for the other foul, accepting the table comes with ball in hand behind the head string for ${p.opponent} (${rule}, E8.5)`,
      `pela outra falta, quem aceita a mesa fica com bola na mão atrás da linha de saída, ${p.opponent} (${rule}, E8.5)`,
    ),
  ballOffOnBreak: (p: Players, off: number[]): Text =>
    t(
      `${names(off).en} left the table on the break; ${p.opponent} chooses to accept the table or to take ball in hand behind the head string (E8.6)`,
      `${names(off).pt} saiu da mesa na saída; ${p.opponent} escolhe aceitar a mesa ou ficar com bola na mão atrás da linha de saída (E8.6)`,
    ),
  foulOnBreak: (p: Players, rule: string, why: Text): Text =>
    t(
      `foul on the break by ${p.shooter} (${rule}): ${why.en}`,
      `falta na saída de ${p.shooter} (${rule}): ${why.pt}`,
    ),
  afterBreakFoul: (p: Players, kitchen: boolean): Text =>
    t(
      `pocketed balls stay down, the table is open, and ${p.opponent} has ${ballInHandWhere(kitchen).en} (${kitchen ? 'G1.10' : 'G1.17'})`,
      `as bolas embolsadas ficam embolsadas, a mesa está aberta e ${p.opponent} tem ${ballInHandWhere(kitchen).pt} (${kitchen ? 'G1.10' : 'G1.17'})`,
    ),
  legalBreak: (p: Players, down: number[]): Text =>
    t(
      `Legal break: ${p.shooter} pocketed ${names(down).en} and continues; the table is open (E8.4).`,
      `Saída legal: ${p.shooter} embolsou ${names(down).pt} e continua; a mesa está aberta (E8.4).`,
    ),
  emptyBreak: (p: Players): Text =>
    t(
      `Legal break with nothing pocketed: the turn passes to ${p.opponent}, who plays the balls as they lie (G1.35).`,
      `Saída legal sem bolas embolsadas: a vez passa para ${p.opponent}, que joga as bolas como estão (G1.35).`,
    ),

  // The ball to hit first (G1.18).
  eightBall: t('the 8', 'a 8'),
  groupBall: (g: Group | null): Text =>
    g === 'SOLIDS' ? t('a solid', 'uma bola lisa') : t('a stripe', 'uma bola riscada'),

  // The 8 ends the game (E8.1, E8.18).
  eightOff: (p: Players): Text =>
    loses(p, t('drove the 8 off the table', 'fez saltar a 8 para fora da mesa')),
  eightWithLastBall: (p: Players): Text =>
    loses(
      p,
      t(
        'pocketed the 8 on the same stroke as the last ball of the group',
        'embolsou a 8 na mesma tacada que a última bola do grupo',
      ),
    ),
  eightEarly: (p: Players): Text =>
    loses(p, t('pocketed the 8 before clearing the group', 'embolsou a 8 antes de acabar o grupo')),
  eightOnFoul: (p: Players, rule: string, detail: Text): Text =>
    loses(
      p,
      t(
        `pocketed the 8 on a foul (${rule}: ${detail.en})`,
        `embolsou a 8 numa tacada com falta (${rule}: ${detail.pt})`,
      ),
    ),
  eightUncalledPocket: (p: Players, pocket: Pocket, never: Text | null = null): Text =>
    loses(
      p,
      never
        ? t(
            `pocketed the 8 in ${pocket} without a call (${never.en}, A9)`,
            `embolsou a 8 na bolsa ${pocket} sem a cantar (${never.pt}, A9)`,
          )
        : t(
            `pocketed the 8 in ${pocket}, which was not the called pocket,`,
            `embolsou a 8 na bolsa ${pocket}, que não era a bolsa cantada,`,
          ),
    ),
  eightWins: (p: Players, pocket: Pocket): Text =>
    t(
      `${p.shooter} legally pocketed the called 8 in ${pocket} and wins the game (E8.1).`,
      `${p.shooter} embolsou legalmente a 8 cantada na bolsa ${pocket} e ganha o jogo (E8.1).`,
    ),

  // The turn after a shot.
  kitchenNotCrossed: (p: Players): Text =>
    t(
      `With no referee, ${p.shooter}'s cue ball did not cross the head string before contact; ${p.opponent} chooses: claim the foul and take ball in hand anywhere (it counts as ${p.shooter}'s foul), or have the balls restored and ${p.shooter} replays the shot, no foul (G1.37).`,
      `Sem árbitro, a bola branca de ${p.shooter} não passou a linha de saída antes do contacto; ${p.opponent} escolhe: reclamar falta e ficar com bola na mão em qualquer ponto da mesa (conta como falta de ${p.shooter}), ou repor as bolas e ${p.shooter} repete a tacada, sem falta (G1.37).`,
    ),
  asTheyLie: (p: Players): Text =>
    t(
      `${p.opponent} plays the balls as they lie (G1.35)`,
      `${p.opponent} joga as bolas como estão (G1.35)`,
    ),
  eightFirstOnOpenTable: (p: Players): Text =>
    t(
      `no foul: ${p.shooter} hit the 8 first on an open table, so nothing scores and the turn ends (E8.8, A2)`,
      `sem falta: ${p.shooter} tocou primeiro na 8 com a mesa aberta, por isso nada conta e a vez termina (E8.8, A2)`,
    ),
  safety: (p: Players, down: number[]): Text =>
    t(
      `${p.shooter} played a declared safety; the turn ends${down.length ? ` and ${names(down).en} stay down` : ''} (E8.11)`,
      `${p.shooter} jogou uma defesa declarada; a vez termina${down.length ? ` e ${names(down).pt} fica embolsada` : ''} (E8.11)`,
    ),
  calledMissed: (p: Players, called: number, pocket: Pocket | null): Text =>
    t(
      `${p.shooter} did not pocket the called ${called} in ${pocket}; the turn ends (G1.5)`,
      `${p.shooter} não embolsou a ${called} cantada na bolsa ${pocket}; a vez termina (G1.5)`,
    ),
  uncalled: (down: number[], never: Text | null): Text =>
    never
      ? t(
          `${names(down).en} went down without a call; ${never.en}, so nothing scores (G1.4, A9)`,
          `${names(down).pt} entrou sem ser cantada; ${never.pt}, por isso nada conta (G1.4, A9)`,
        )
      : t(
          `${names(down).en} went down without a call and the shot was not attested obvious, so nothing scores (G1.4, A9)`,
          `${names(down).pt} entrou sem ser cantada e a tacada não foi dada como óbvia, por isso nada conta (G1.4, A9)`,
        ),
  nothingPocketed: (p: Players): Text =>
    t(
      `${p.shooter} pocketed nothing; the turn ends`,
      `${p.shooter} não embolsou nenhuma bola; a vez termina`,
    ),
  groupsSet: (p: Players, mine: Group, theirs: Group): Text =>
    t(
      `; groups are set: ${p.shooter} ${mine.toLowerCase()}, ${p.opponent} ${theirs.toLowerCase()} (E8.9)`,
      `; grupos definidos: ${p.shooter} com as ${groupPt(mine)}, ${p.opponent} com as ${groupPt(theirs)} (E8.9)`,
    ),
  calledIn: (pocket: Pocket | null): Text =>
    t(` in the called ${pocket}`, ` na bolsa cantada ${pocket}`),
  obvious: t(' (obvious)', ' (tacada óbvia)'),
  pocketedLegally: (p: Players, counted: number, how: Text, others: number[], groups: Text): Text =>
    t(
      `${p.shooter} legally pocketed ${ball(counted).en}${how.en}${others.length > 0 ? ` (${names(others).en} also stay down, G1.32)` : ''} and shoots again (G1.35)${groups.en}.`,
      `${p.shooter} embolsou legalmente ${ball(counted).pt}${how.pt}${others.length > 0 ? ` (${names(others).pt} também fica embolsada, G1.32)` : ''} e volta a jogar (G1.35)${groups.pt}.`,
    ),
};
