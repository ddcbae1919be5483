// Innings: a player's turn at the table, from their first shot until a shot whose ruling does not
// let them continue (a miss, a foul, a safety, a push out, a choice owed to the opponent, the
// game's end) or a re-rack. A choice the shooter owes to themself (E8.7) does not end it. A push out therefore ends an inning, even when the opponent hands the table back.

export interface Inning {
  player: string;
  game: number;
  // 1-based number of the inning in its game (both players counted).
  number: number;
  beganWithBreak: boolean;
  // Began with the cue ball in hand (after a foul), not counting the break.
  ballInHand: boolean;
  // The player's first inning of this rack.
  firstOfRack: boolean;
  shots: number;
  balls: number;
  fouled: boolean;
  // The inning ended with a legal safety.
  safety: boolean;
  // The opponent's legal safety this inning answers, if it follows one in the same rack.
  answersSafetyOf: { player: string; game: number } | null;
  won: boolean;
}

export class Innings {
  private current: Inning | null = null;
  private pendingSafety: { player: string; game: number } | null = null;
  private seenInRack = new Set<string>();
  // game → player → innings played in it.
  private readonly perGame = new Map<number, Map<string, number>>();

  constructor(private readonly onClose: (i: Inning) => void) {}

  // A new rack (a game or a re-rack): any inning open ends unwon, and nothing carries over.
  rack(): void {
    this.end(null);
    this.pendingSafety = null;
    this.seenInRack = new Set();
  }

  // The inning a shot belongs to: the open one, or a new one for its shooter.
  shot(player: string, at: { isBreak: boolean; ballInHand: boolean; game: number }): Inning {
    if (this.current && this.current.player === player) return this.current;
    this.end(null);
    const counts = this.perGame.get(at.game) ?? new Map<string, number>();
    this.perGame.set(at.game, counts);
    counts.set(player, (counts.get(player) ?? 0) + 1);
    let number = 0;
    for (const n of counts.values()) number += n;
    const answers = this.pendingSafety?.player !== player ? this.pendingSafety : null;
    this.pendingSafety = null;
    this.current = {
      player,
      game: at.game,
      number,
      beganWithBreak: at.isBreak,
      ballInHand: at.ballInHand,
      firstOfRack: !this.seenInRack.has(player),
      shots: 0,
      balls: 0,
      fouled: false,
      safety: false,
      answersSafetyOf: answers,
      won: false,
    };
    this.seenInRack.add(player);
    return this.current;
  }

  // Ends the open inning; `winner` is the game's winner when its last shot decided the game.
  end(winner: string | null): void {
    const i = this.current;
    if (!i) return;
    this.current = null;
    i.won = winner === i.player;
    this.pendingSafety = i.safety ? { player: i.player, game: i.game } : null;
    this.onClose(i);
  }

  countInGame(game: number, player: string): number {
    return this.perGame.get(game)?.get(player) ?? 0;
  }
}
