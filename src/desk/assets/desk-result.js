import * as api from './desk-api.js';
import { h } from './dom.js';
import { lang } from './i18n.js';

// A game's result entered at the desk for a match nobody scores shot by shot: one game at a time,
// on the match's current revision; a refusal is said in words, never as the API's code.
const WORDS = {
  en: {
    result: 'Enter result',
    game: 'Game',
    breaker: 'Breaker',
    winner: 'Winner',
    ending: 'How it ended',
    WON: 'Won at the table',
    LOST_BY_FOUL: 'Lost by a foul',
    GAME_FORFEITED: 'Game forfeited',
    MATCH_FORFEITED: 'Match forfeited',
    rule: 'Rule id (foul or forfeit)',
    breakAndRun: 'Break and run',
    winOnBreak: 'Won on the break',
    attestation: 'Attested by',
    PLAYERS_SIGN_OFF: 'Both players at sign-off',
    REFEREE: 'The referee',
    RECORD_KEEPER: 'The record keeper',
    referee: 'Referee (id)',
    record: 'Record game',
    recorded: 'recorded',
    RACE_ALREADY_WON:
      'The match is already over: the race is won, so no further game can be recorded.',
    WRONG_BREAKER: (who) =>
      `${who} breaks this game under the match’s break order (G1.34): check who broke and enter it again.`,
    WRONG_GAME_NUMBER: 'That game is already recorded: check the score on the desk.',
    CONFLICT:
      'The match changed meanwhile (another device recorded on it): the desk is refreshed, check the score and enter the result again.',
    GAME_RECORDED_BY_SHOTS:
      'This game is being scored shot by shot at the table: its result comes from the scorer.',
    INVALID_RESULT:
      'The result is not possible as entered: a foul or forfeit needs its rule id, a break and run or a win on the break is won at the table by the breaker, and only a referee’s attestation names the referee.',
    MATCH_SIGNED_OFF: 'The match is signed off and final: only an appeal can change it.',
    CHOICE_PENDING: 'A player still has to choose whether to break: record that choice first.',
    FORBIDDEN: 'This desk sign-in may not record results for this match.',
    UNAUTHENTICATED: 'The desk’s sign-in has ended: sign in again with a new desk link.',
    OTHER: 'The result was not recorded:',
  },
  pt: {
    result: 'Registar resultado',
    game: 'Jogo',
    breaker: 'Quem abriu',
    winner: 'Vencedor',
    ending: 'Como terminou',
    WON: 'Ganho na mesa',
    LOST_BY_FOUL: 'Perdido por falta',
    GAME_FORFEITED: 'Jogo perdido por falta de comparência',
    MATCH_FORFEITED: 'Encontro perdido por falta de comparência',
    rule: 'Regra (falta ou desistência)',
    breakAndRun: 'Abertura e limpeza da mesa',
    winOnBreak: 'Ganho na abertura',
    attestation: 'Atestado por',
    PLAYERS_SIGN_OFF: 'Ambos os jogadores na assinatura',
    REFEREE: 'O árbitro',
    RECORD_KEEPER: 'O responsável pelos registos',
    referee: 'Árbitro (id)',
    record: 'Registar jogo',
    recorded: 'registado',
    RACE_ALREADY_WON:
      'O encontro já terminou: a corrida está ganha, não se pode registar mais nenhum jogo.',
    WRONG_BREAKER: (who) =>
      `Quem abre este jogo é ${who}, pela ordem de abertura do encontro (G1.34): verifique quem abriu e registe de novo.`,
    WRONG_GAME_NUMBER: 'Esse jogo já está registado: verifique o resultado na mesa do torneio.',
    CONFLICT:
      'O encontro mudou entretanto (outro dispositivo registou nele): a página foi atualizada, verifique o resultado e registe de novo.',
    GAME_RECORDED_BY_SHOTS:
      'Este jogo está a ser marcado tacada a tacada na mesa: o resultado vem do marcador.',
    INVALID_RESULT:
      'O resultado não é possível como foi indicado: uma falta ou desistência leva a regra, uma abertura com limpeza ou um jogo ganho na abertura é ganho na mesa por quem abriu, e só o atestado do árbitro indica o árbitro.',
    MATCH_SIGNED_OFF: 'O encontro está assinado e é final: só um recurso o pode alterar.',
    CHOICE_PENDING: 'Um jogador ainda tem de escolher se abre: registe primeiro essa escolha.',
    FORBIDDEN: 'Esta sessão da mesa não pode registar resultados deste encontro.',
    UNAUTHENTICATED: 'A sessão da mesa terminou: entre de novo com uma nova ligação.',
    OTHER: 'O resultado não foi registado:',
  },
};
const w = (key) => (WORDS[lang()] ?? WORDS.en)[key] ?? WORDS.en[key];
const ENDINGS = ['WON', 'LOST_BY_FOUL', 'GAME_FORFEITED', 'MATCH_FORFEITED'];
const ATTESTATIONS = ['PLAYERS_SIGN_OFF', 'REFEREE', 'RECORD_KEEPER'];
const RULE_ID = '[A-Z][A-Z0-9]{0,3}(\\.[0-9]{1,3}){0,3}';

export const canRecord = (m) => m.status !== 'COMPLETED' && !m.final;
export const resultLabel = () => w('result');

// The refusal in words; the breaker named when the engine says who breaks.
export function refusalWords(e, m) {
  if (e.code === 'WRONG_BREAKER') {
    const who = m.players.find((p) => p.id === m.currentGame?.breaker)?.name;
    return w('WRONG_BREAKER')(who ?? m.players.map((p) => p.name).join(' / '));
  }
  return typeof WORDS.en[e.code] === 'string' && e.code !== 'OTHER'
    ? w(e.code)
    : `${w('OTHER')} ${e.message}`;
}

// The form for the match's next game; `record(input, message)` sends it.
export function resultForm(m, record) {
  const number = m.currentGame?.number ?? 1;
  const select = (name, options, selected) =>
    h(
      'select',
      { name },
      options.map(([value, text]) => h('option', { value, selected: value === selected }, text)),
    );
  const people = m.players.map((p) => [p.id, p.name]);
  const breaker = select('breaker', people, m.currentGame?.breaker ?? m.players[0].id);
  const winner = select('winner', people, m.currentGame?.breaker ?? m.players[0].id);
  const ending = select(
    'ending',
    ENDINGS.map((e) => [e, w(e)]),
    'WON',
  );
  const rule = h('input', { name: 'rule', type: 'text', maxlength: 16, pattern: RULE_ID });
  const run = h('input', { name: 'breakAndRun', type: 'checkbox' });
  const onBreak = h('input', { name: 'winOnBreak', type: 'checkbox' });
  const attestation = select(
    'attestation',
    ATTESTATIONS.map((a) => [a, w(a)]),
    'PLAYERS_SIGN_OFF',
  );
  const referee = h('input', {
    name: 'referee',
    type: 'text',
    maxlength: 64,
    value: m.officials.referees[0] ?? '',
  });
  // A foul or forfeit needs its rule id: the browser asks for it before anything is sent.
  ending.onchange = () => (rule.required = ending.value !== 'WON');
  const label = (text, control) => h('label', {}, text, control);
  const form = h(
    'form',
    { class: 'form-grid', id: 'result-form', 'data-game': number },
    label(w('breaker'), breaker),
    label(w('winner'), winner),
    label(w('ending'), ending),
    label(w('rule'), rule),
    h('label', { class: 'check' }, run, w('breakAndRun')),
    h('label', { class: 'check' }, onBreak, w('winOnBreak')),
    label(w('attestation'), attestation),
    label(w('referee'), referee),
    h('button', { type: 'submit', class: 'primary' }, `${w('record')} ${number}`),
  );
  form.onsubmit = (ev) => {
    ev.preventDefault();
    record(
      {
        gameNumber: number,
        breaker: breaker.value,
        winner: winner.value,
        ending: ending.value,
        // The rule only for a game lost by a foul or forfeit; a referee only for their attestation.
        ...(ending.value !== 'WON' ? { rule: rule.value.trim() } : {}),
        breakAndRun: run.checked,
        winOnBreak: onBreak.checked,
        attestation: attestation.value,
        ...(attestation.value === 'REFEREE' ? { referee: referee.value.trim() } : {}),
      },
      `${w('game')} ${number} ${w('recorded')}`,
    );
  };
  return form;
}

// Sends one game's result on the revision the desk shows; a refusal carries its words.
export const recordResult = (m, input, message) =>
  api.recordGameResult(m.id, m.revision, input).then(
    () => message,
    (e) => {
      e.words = refusalWords(e, m);
      throw e;
    },
  );
