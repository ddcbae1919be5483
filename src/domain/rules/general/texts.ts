import { t, type Players, type Text } from './explain';

// The wording every discipline shares.
export const GENERAL_TEXTS = {
  forfeits: (p: Players, rule: string, why: Text): Text =>
    t(
      `${p.shooter} forfeits the match (${rule}, A10): ${why.en}`,
      `${p.shooter} perde a partida (${rule}, A10): ${why.pt}`,
    ),
  winsMatch: (p: Players): Text =>
    t(`${p.opponent} wins the match`, `${p.opponent} ganha a partida`),
  foulBy: (p: Players, rule: string, why: Text): Text =>
    t(`foul by ${p.shooter} (${rule}): ${why.en}`, `falta de ${p.shooter} (${rule}): ${why.pt}`),
  // G1.17 (8-ball), N9.5, T10.9.
  ballInHandAnywhere: (p: Players, rule: string): Text =>
    t(
      `${p.opponent} has ball in hand anywhere (${rule})`,
      `${p.opponent} tem bola na mão em qualquer ponto da mesa (${rule})`,
    ),
  // A9: an uncalled shot attested obvious that cannot be.
  neverObvious: (why: 'BANK_OR_KICK' | 'COMBINATION'): Text =>
    why === 'BANK_OR_KICK'
      ? t(
          'the record attests the shot obvious, but banks and kicks are never obvious',
          'o registo dá a tacada como óbvia, mas tabelas e tacadas de tabela à branca nunca são óbvias',
        )
      : t(
          'the record attests the shot obvious, but a combination is never obvious',
          'o registo dá a tacada como óbvia, mas uma combinação nunca é óbvia',
        ),
  // A14: one stroke warned under several rules.
  warnedUnderEach: (rules: string[]): Text =>
    t(
      `A warning is issued under each of ${rules.join(' and ')}; each counts towards a match forfeit (A14, A10).`,
      `É dada uma advertência por cada uma das regras ${rules.join(' e ')}; cada uma conta para a perda da partida (A14, A10).`,
    ),
  // G1.9, shared by every discipline's break.
  breakInterference: (p: Players): Text =>
    t(
      `${p.shooter} interfered with the cue ball on the break and is warned (G1.9); ${p.opponent} chooses who breaks the re-rack`,
      `${p.shooter} interferiu com a bola branca na saída e é advertido (G1.9); ${p.opponent} escolhe quem faz a nova saída`,
    ),
};
