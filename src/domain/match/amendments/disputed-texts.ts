import type { LedgerEvent } from '../../events/catalogue';
import type { Text } from '../../rules/general/explain';
import type { Pocket } from '../../table/vocabulary';
import { playerName, type MatchState } from '../state';
import { cushionWords, pocketWords } from './table-words';

// What an appeal disputes, in table language: "the ruling on Ana Sousa's shot 3 of game 1" /
// "da decisão sobre a tacada 3 de Ana Sousa no jogo 1" (Portuguese, after "recorre").
export function disputedText(s: MatchState, e: LedgerEvent): Text {
  const name = (id: string | null) => playerName(s, id);
  const shot = (by: string, n: number, game: number): Text => ({
    en: `${name(by)}'s shot ${n} of game ${game}`,
    pt: `tacada ${n} de ${name(by)} no jogo ${game}`,
  });
  switch (e.type) {
    case 'ShotAdjudicated': {
      const x = shot(e.data.ruling.shooter, e.data.shotNumber, e.data.gameNumber);
      return { en: `the ruling on ${x.en}`, pt: `da decisão sobre a ${x.pt}` };
    }
    case 'ShotPlayed': {
      const x = shot(e.data.shooter, e.data.shotNumber, e.data.gameNumber);
      return { en: `the facts recorded for ${x.en}`, pt: `dos factos registados na ${x.pt}` };
    }
    case 'ShotCorrected': {
      const d = e.data;
      const x = shot(d.original.ruling.shooter, d.shotNumber, d.gameNumber);
      return { en: `the correction of ${x.en}`, pt: `da correção da ${x.pt}` };
    }
    case 'GameResultRecorded':
      return {
        en: `the result recorded for game ${e.data.gameNumber}, won by ${name(e.data.winner)}`,
        pt: `do resultado registado no jogo ${e.data.gameNumber}, ganho por ${name(e.data.winner)}`,
      };
    case 'GameResultCorrected':
      return {
        en: `the correction of the result of game ${e.data.gameNumber}`,
        pt: `da correção do resultado do jogo ${e.data.gameNumber}`,
      };
    case 'GameStarted':
      return e.data.reason === 'RERACK'
        ? {
            en: `the re-rack of game ${e.data.gameNumber}`,
            pt: `da nova armação do jogo ${e.data.gameNumber}`,
          }
        : {
            en: `the start of game ${e.data.gameNumber}`,
            pt: `do início do jogo ${e.data.gameNumber}`,
          };
    case 'GameEnded':
      return {
        en: `the end of game ${e.data.gameNumber}, won by ${name(e.data.winner)}`,
        pt: `do fim do jogo ${e.data.gameNumber}, ganho por ${name(e.data.winner)}`,
      };
    case 'MatchEnded':
      return {
        en: `the end of the match, won by ${name(e.data.winner)}`,
        pt: `do fim da partida, ganha por ${name(e.data.winner)}`,
      };
    default:
      return otherPlay(e, name);
  }
}

function otherPlay(e: LedgerEvent, name: (id: string | null) => string): Text {
  switch (e.type) {
    case 'BreakOrderDecided':
      return e.data.method === 'LAG'
        ? { en: 'the lag for the break', pt: 'da tiragem à tabela para a saída' }
        : { en: 'the coin toss for the break', pt: 'da moeda ao ar para a saída' };
    case 'OptionChosen':
      return { en: `${name(e.data.player)}'s choice`, pt: `da escolha de ${name(e.data.player)}` };
    case 'CueBallPlaced':
      return {
        en: `${name(e.data.player)}'s placement of the cue ball`,
        pt: `da colocação da bola branca por ${name(e.data.player)}`,
      };
    case 'ShotCalled':
      return callText(name(e.data.player), e.data.ball, e.data.pocket, e.data.safety);
    case 'FrozenBallDeclared': {
      const cushion = cushionWords(e.data.cushion);
      return {
        en: `the declaration that the ${e.data.ball} is frozen to ${cushion.en}`,
        // "à" is "a" + "a tabela…": the article contracted.
        pt: `da declaração de que a bola ${e.data.ball} está colada à ${cushion.pt.slice(2)}`,
      };
    }
    case 'RefereeRuled':
      return e.data.player
        ? {
            en: `the referee's ruling on ${name(e.data.player)}`,
            pt: `da decisão do árbitro sobre ${name(e.data.player)}`,
          }
        : { en: "the referee's ruling", pt: 'da decisão do árbitro' };
    default:
      return { en: 'the event', pt: 'do evento' };
  }
}

// A call names its ball and pocket (G1.4: "a bola visada e a respectiva bolsa"), or a safety.
function callText(who: string, ball: number | null, pocket: Pocket | null, safety: boolean): Text {
  if (safety || ball === null || pocket === null)
    return { en: `${who}'s call of a safety`, pt: `do anúncio de defesa de ${who}` };
  const where = pocketWords(pocket);
  return {
    en: `${who}'s call of the ${ball} in ${where.en}`,
    // "na" is "em" + "a bolsa…": the article contracted.
    pt: `do anúncio de ${who} (bola ${ball} n${where.pt})`,
  };
}
