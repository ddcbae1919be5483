import type { ShotCall } from '../../events/shot-facts';
import type { Pocket } from '../../table/vocabulary';
import { ball, names, t, type Players, type Text } from '../general/explain';

// The 9-ball and 10-ball explanations, English and European Portuguese.
export const ROTATION_TEXTS = {
  // G1.18 / N9.6 / T10.9: the ball to hit first.
  lowestBall: (lowest: number): Text =>
    t(`the lowest ball, ${ball(lowest).en}`, `a bola mais baixa, ${ball(lowest).pt}`),
  // N9.4 / T10.8.
  spotted: (money: number, rule: string): Text =>
    t(
      `${ball(money).en} is spotted (${rule})`,
      `${ball(money).pt} é recolocada na marca (${rule})`,
    ),

  // N9.8 / T10.10: three fouls in a row.
  thirdFoul: (p: Players, rule: string): Text =>
    t(
      `it is the third foul in a row after the warning, so ${p.shooter} loses the rack and ${p.opponent} wins (${rule})`,
      `é a terceira falta seguida depois do aviso, por isso ${p.shooter} perde o jogo e ganha ${p.opponent} (${rule})`,
    ),
  countsAsSecond: (rule: string): Text =>
    t(
      `no two-foul warning was given, so this counts as the second foul (${rule})`,
      `não foi dado o aviso das duas faltas, por isso esta conta como a segunda (${rule})`,
    ),

  // N9.2 / T10.3 / T10.6: the opponent's option.
  shootOrPassBack: (p: Players, rule: string): Text =>
    t(
      `${p.opponent} chooses to shoot or to hand the shot back (${rule})`,
      `${p.opponent} escolhe jogar ou devolver a tacada (${rule})`,
    ),
  pushedOut: (p: Players, stay: number[]): Text =>
    t(
      `${p.shooter} pushed out with no foul${stay.length ? ` (${names(stay).en} stay down)` : ''}`,
      `${p.shooter} fez push out sem falta${stay.length ? ` (${names(stay).pt} fica embolsada)` : ''}`,
    ),
  nothingPocketed: (p: Players): Text =>
    t(
      `${p.shooter} pocketed nothing; ${p.opponent} plays the balls as they lie (G1.35)`,
      `${p.shooter} não embolsou nenhuma bola; ${p.opponent} joga as bolas como estão (G1.35)`,
    ),

  // The break (N9.3, T10.2, A11).
  nineOnBreak: (p: Players): Text =>
    t(
      `${p.shooter} pocketed the 9 on a legal break and wins the rack (N9.3, A11)`,
      `${p.shooter} embolsou a 9 numa saída legal e ganha o jogo (N9.3, A11)`,
    ),
  breakPocketed: (p: Players, down: number[], tenSpotted: boolean, pushRule: string): Text =>
    t(
      `legal break: ${p.shooter} pocketed ${names(down).en}${tenSpotted ? ' (the 10 is spotted, T10.2)' : ''} and continues; a push out is allowed on the next shot (${pushRule})`,
      `saída legal: ${p.shooter} embolsou ${names(down).pt}${tenSpotted ? ' (a 10 é recolocada na marca, T10.2)' : ''} e continua; a próxima tacada pode ser um push out (${pushRule})`,
    ),
  emptyBreak: (p: Players, pushRule: string): Text =>
    t(
      `legal break with nothing pocketed: ${p.opponent} plays the balls as they lie and may push out (${pushRule})`,
      `saída legal sem bolas embolsadas: ${p.opponent} joga as bolas como estão e pode fazer push out (${pushRule})`,
    ),

  // 9-ball (N9.3).
  nineWins: (p: Players): Text =>
    t(
      `${p.shooter} legally pocketed the 9 and wins the rack (N9.3)`,
      `${p.shooter} embolsou legalmente a 9 e ganha o jogo (N9.3)`,
    ),
  ninePocketed: (p: Players, down: number[]): Text =>
    t(
      `${p.shooter} legally pocketed ${names(down).en} and continues (N9.3)`,
      `${p.shooter} embolsou legalmente ${names(down).pt} e continua (N9.3)`,
    ),

  // 10-ball (T10.4 to T10.7, A11b).
  pocketedOnSafety: (down: number[]): Text =>
    t(
      `${names(down).en} went down on a called safety, which is a wrongful pocketing (T10.5, A11b)`,
      `${names(down).pt} entrou numa defesa declarada, o que é um embolsar indevido (T10.5, A11b)`,
    ),
  tenSafety: (p: Players): Text =>
    t(
      `${p.shooter} played a called safety; ${p.opponent} plays the balls as they lie (T10.5)`,
      `${p.shooter} jogou uma defesa declarada; ${p.opponent} joga as bolas como estão (T10.5)`,
    ),
  tenWins: (p: Players): Text =>
    t(
      `${p.shooter} legally pocketed the called 10 and wins the rack (T10.7, A11b)`,
      `${p.shooter} embolsou legalmente a 10 cantada e ganha o jogo (T10.7, A11b)`,
    ),
  calledIn: (target: number, pocket: Pocket | null): Text =>
    t(`the called ${target} in ${pocket}`, `a ${target} cantada na bolsa ${pocket}`),
  obviousBall: (target: number): Text =>
    t(`${ball(target).en} (obvious, T10.4)`, `${ball(target).pt} (tacada óbvia, T10.4)`),
  tenPocketed: (p: Players, how: Text, tenSpotted: boolean): Text =>
    t(
      `${p.shooter} legally pocketed ${how.en}${tenSpotted ? '; the uncalled 10 is spotted (A11b)' : ''} and continues (T10.7)`,
      `${p.shooter} embolsou legalmente ${how.pt}${tenSpotted ? '; a 10, não cantada, é recolocada na marca (A11b)' : ''} e continua (T10.7)`,
    ),
  wrongfulPocket: (call: ShotCall | null, down: number[], never: Text | null = null): Text => {
    const why =
      call && call.ball !== null
        ? t(
            `the called ${call.ball} did not go down in ${call.pocket}, but ${names(down).en} did`,
            `a ${call.ball} cantada não entrou na bolsa ${call.pocket}, mas entrou ${names(down).pt}`,
          )
        : t(
            `${names(down).en} went down without a call${never ? `; ${never.en}` : ''}`,
            `${names(down).pt} entrou sem ser cantada${never ? `; ${never.pt}` : ''}`,
          );
    return t(
      `no foul: ${why.en}, a wrongful pocketing that ends the inning (T10.6)`,
      `sem falta: ${why.pt}, um embolsar indevido que termina a entrada (T10.6)`,
    );
  },
};
