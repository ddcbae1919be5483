import { emptyFacts, type ShotFacts } from '../../domain/events/shot-facts';
import type { MatchCommand } from '../../domain/match/commands';
import type { GameState, MatchState } from '../../domain/match/state';
import { POCKETS } from '../../domain/table/vocabulary';
import { edge, shuffle, type SkillOf } from './random';

// 9-ball (N9) and 10-ball (T10), WPA. The pending choice and the break order are handled above.
export function nextRotationCommand(
  state: MatchState,
  game: GameState,
  random: () => number,
  skillOf?: SkillOf,
): MatchCommand {
  const ten = state.discipline === 'TEN_BALL';
  const money = ten ? 10 : 9;
  const shooter = game.shooter;
  const skill = skillOf?.(shooter);
  const warning = twoFoulWarning(game);
  if (warning) return warning;

  // Ball in hand: sometimes the placement is recorded before the shot.
  if (game.ballInHand !== 'NONE' && game.cueBallPlacement === null && !game.call) {
    if (random() < 0.3) {
      return {
        type: 'PlaceCueBall',
        player: shooter,
        zone: game.ballInHand === 'ANYWHERE' ? 'ANYWHERE' : 'KITCHEN',
      };
    }
  }

  if (game.isBreakShot) return rotationBreak(game, money, random, skill);

  if (!game.call) {
    const called = rotationCall(game, ten, random);
    if (called) return called;
  }
  return { type: 'PlayShot', shooter, facts: rotationShot(game, ten, money, random, skill) };
}

// N9.8 / T10.10: a player who comes to the table on two fouls is warned; now and then the
// referee forgets (decided from the state, so the same state always gives the same answer), and
// then a third foul only counts as the second.
function twoFoulWarning(game: GameState): MatchCommand | null {
  const shooter = game.shooter;
  if (
    (game.consecutiveFouls[shooter] ?? 0) !== 2 ||
    game.twoFoulWarned[shooter] ||
    (game.number * 7 + game.shotsPlayed) % 5 === 0
  )
    return null;
  return {
    type: 'RecordRefereeRuling',
    kind: 'TWO_FOUL_WARNING',
    player: shooter,
    restored: null,
    note: '',
  };
}

// N9.1 / T10.1: the 1 first and four balls to a cushion if nothing drops; sometimes not.
function rotationBreak(
  game: GameState,
  money: number,
  random: () => number,
  skill?: number,
): MatchCommand {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const onTable = game.ballsOnTable;
  const lowest = Math.min(...onTable);
  const others = onTable.filter((b) => b !== lowest);
  const down =
    edge(random(), skill) < 0.6 ? shuffle(others, random).filter((b) => b !== money) : [];
  const pocketed = down.slice(0, 1 + Math.floor(random() * 2));
  // N9.3 / T10.2: the money ball on the break now and then.
  if (random() < 0.06) pocketed.push(money);
  const wrongFirst = random() < 0.06 && others.length > 0;
  return {
    type: 'PlayShot',
    shooter: game.shooter,
    facts: emptyFacts({
      firstContact: wrongFirst ? pick(others) : lowest,
      objectBallsDrivenToRail:
        random() < 0.85
          ? Math.min(onTable.length, 4 + Math.floor(random() * 5))
          : Math.floor(random() * 4),
      pocketed: pocketed.map((ball) => ({ ball, pocket: pick(POCKETS) })),
      cueBallScratched: random() < 0.07,
    }),
  };
}

// Before a shot with no call yet: a push out, a declared safety or a called ball, or nothing.
function rotationCall(game: GameState, ten: boolean, random: () => number): MatchCommand | null {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const shooter = game.shooter;
  const onTable = game.ballsOnTable;
  const lowest = Math.min(...onTable);
  const others = onTable.filter((b) => b !== lowest);
  // N9.2 / T10.3: a push out, only right after a legal break.
  if (game.pushOutAvailable && random() < 0.35) {
    return {
      type: 'CallShot',
      player: shooter,
      call: { ball: null, pocket: null, safety: false, pushOut: true },
    };
  }
  const r = random();
  // T10.5: a declared safety (10-ball only: 9-ball has no called safety, A13).
  if (ten && r < 0.08) {
    return { type: 'CallShot', player: shooter, call: { ball: null, pocket: null, safety: true } };
  }
  // T10.4: in 10-ball every shot is called (ball and pocket), except now and then an obvious
  // one, attested as such; usually the lowest ball, sometimes a combination, sometimes the 10.
  if (ten && r >= 0.12) {
    const ball =
      r < 0.16 && onTable.includes(10) ? 10 : r < 0.22 && others.length ? pick(others) : lowest;
    return {
      type: 'CallShot',
      player: shooter,
      call: { ball, pocket: pick(POCKETS), safety: false },
    };
  }
  return null;
}

function rotationShot(
  game: GameState,
  ten: boolean,
  money: number,
  random: () => number,
  skill?: number,
): ShotFacts {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const onTable = game.ballsOnTable;
  const lowest = Math.min(...onTable);
  const others = onTable.filter((b) => b !== lowest);
  const call = game.call;
  const cueToRail = [{ ball: 0 }];

  if (call?.pushOut) {
    // N9.2: wrong ball first and no cushion are suspended; a scratch is still a foul.
    const down = random() < 0.2 ? [pick(onTable)] : [];
    return emptyFacts({
      firstContact: random() < 0.1 ? null : pick(onTable),
      railContactsAfterFirstContact: random() < 0.5 ? cueToRail : [],
      pocketed: down.map((ball) => ({ ball, pocket: pick(POCKETS) })),
      cueBallScratched: random() < 0.05,
    });
  }
  if (call?.safety) {
    // T10.5 / A11b: a ball dropping on a called safety is wrongfully pocketed in 10-ball.
    const down = random() < 0.15 ? [pick(onTable)] : [];
    return emptyFacts({
      firstContact: lowest,
      railContactsAfterFirstContact: cueToRail,
      pocketed: down.map((ball) => ({ ball, pocket: pick(POCKETS) })),
    });
  }

  // The longer the rack lasts the better the shooting, so that every rack ends.
  const pPot = Math.min(0.92, 0.5 + game.shotsPlayed * 0.01);
  const pMiss = (1 - pPot) * 0.5;
  const r = edge(random(), skill);
  if (r < pPot) {
    // A legal pot: the called ball in the called pocket (10-ball), or in 9-ball usually the
    // lowest, sometimes a combination on another ball (the 9 included); sometimes an extra ball.
    const target =
      ten && call
        ? call.ball!
        : ten
          ? lowest
          : random() < 0.12 && others.length
            ? pick(others)
            : lowest;
    const pocket = ten && call ? call.pocket! : pick(POCKETS);
    const rest = onTable.filter((b) => b !== target);
    const extra = random() < 0.1 && rest.length ? [pick(rest)] : [];
    return emptyFacts({
      firstContact: lowest,
      pocketed: [
        { ball: target, pocket },
        ...extra.map((ball) => ({ ball, pocket: pick(POCKETS) })),
      ],
      railContactsAfterFirstContact: random() < 0.5 ? cueToRail : [],
      // T10.4 / A9: an uncalled direct pot attested obvious.
      callObvious: ten && !call,
    });
  }
  if (r < pPot + pMiss) {
    // A miss; in 10-ball now and then another ball drops instead (T10.6, wrongful pocketing).
    const called = call?.ball ?? null;
    const wrongful = onTable.filter((b) => b !== called);
    const down = ten && random() < 0.3 && wrongful.length ? [pick(wrongful)] : [];
    return emptyFacts({
      firstContact: lowest,
      railContactsAfterFirstContact: random() < 0.5 ? cueToRail : [{ ball: lowest }],
      pocketed: down.map((ball) => ({ ball, pocket: pick(POCKETS) })),
    });
  }
  return rotationFoul(game, money, random);
}

// A foul (N9.5 / T10.9): wrong ball first, a scratch, no cushion, a ball off the table, no
// contact at all, or a reported stroke foul; balls may drop on it (the money ball is spotted).
function rotationFoul(game: GameState, money: number, random: () => number): ShotFacts {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const onTable = game.ballsOnTable;
  const lowest = Math.min(...onTable);
  const others = onTable.filter((b) => b !== lowest);
  const cueToRail = [{ ball: 0 }];
  const kind = Math.floor(random() * 6);
  const dropped = random() < 0.2 ? [pick(onTable)] : [];
  const pocketed = dropped.map((ball) => ({ ball, pocket: pick(POCKETS) }));
  switch (kind) {
    case 0:
      return emptyFacts({
        firstContact: others.length ? pick(others) : null,
        railContactsAfterFirstContact: cueToRail,
        pocketed,
      });
    case 1:
      return emptyFacts({
        firstContact: lowest,
        railContactsAfterFirstContact: cueToRail,
        pocketed,
        cueBallScratched: true,
      });
    case 2:
      return emptyFacts({ firstContact: lowest });
    case 3: {
      const off = random() < 0.3 && onTable.includes(money) ? money : pick(onTable);
      return emptyFacts({
        firstContact: lowest,
        railContactsAfterFirstContact: cueToRail,
        ballsOffTable: [off],
        pocketed: pocketed.filter((p) => p.ball !== off),
      });
    }
    case 4:
      return emptyFacts({ firstContact: null, railContactsAfterFirstContact: cueToRail });
    default:
      return emptyFacts({
        firstContact: lowest,
        railContactsAfterFirstContact: cueToRail,
        pocketed,
        strokeFouls: [{ kind: 'DOUBLE_HIT', reportedBy: 'referee' }],
      });
  }
}
