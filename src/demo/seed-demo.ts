import {
  DomainError,
  type Discipline,
  type MatchCommand,
  type MatchState,
  type PlayShot,
} from '../domain';
import type { Clock } from '../ledger/clock';
import { matchIdFor } from '../ledger/envelope';
import type { CommandContext } from '../kernel/command-context';
import type { CommandOutcome, MatchCommands } from '../kernel/match/match-commands.port';
import type { RegistryCommands } from '../kernel/registry/registry-commands.port';
import { demoCompetitions, demoPlayers } from './demo-people';
import { nextCommand, rng } from './simulator';

export interface SeedOptions {
  players: number;
  matches: number;
  seed: number;
  onMatch?: (done: number, total: number) => void | Promise<void>;
}

export interface SeedReport {
  players: number;
  competitions: number;
  matches: Record<Discipline, number>;
  events: number;
  fouls: number;
  corrections: number;
  appealsFiled: number;
  appealsAllowed: number;
}

const ADMIN = 'demo-admin';
const SCORER = 'demo-scorer';
const REFEREE = 'demo-referee';
const COMMITTEE = 'demo-committee';
// How often the demo's people make the paperwork the ledger exists for.
const CORRECTION_RATE = 0.01;
const APPEAL_RATE = 0.06;
const ALLOWED_RATE = 0.4;

// A clock that moves 20 seconds per reading from the first evening of the season, so a seeded
// ledger looks the same whenever it is made.
export function seasonClock(start = Date.parse('2026-09-01T18:00:00.000Z')): Clock {
  let t = start;
  return { now: () => new Date((t += 20_000)) };
}

function context(actor: string, role: CommandContext['role'], commandId: string): CommandContext {
  const access: CommandContext['access'] =
    role === 'SCORER' || role === 'REFEREE'
      ? { scope: 'ASSIGNED', duty: role }
      : role === 'PLAYER'
        ? { scope: 'OWN_MATCH' }
        : { scope: 'ANY' };
  return {
    actor,
    role,
    access,
    origin: 'seed-demo',
    commandId,
    correlationId: 'seed-demo',
    causationId: null,
    occurredAt: null,
    expectedRevision: null,
  };
}

// Plays a demo season through the real write path: the registry's and the matches' command
// services, with the rules engine deciding every shot. Deterministic for a given seed.
export class DemoSeeder {
  private readonly report: SeedReport = {
    players: 0,
    competitions: 0,
    matches: { EIGHT_BALL: 0, NINE_BALL: 0, TEN_BALL: 0 },
    events: 0,
    fouls: 0,
    corrections: 0,
    appealsFiled: 0,
    appealsAllowed: 0,
  };

  constructor(
    private readonly matches: MatchCommands,
    private readonly registry: RegistryCommands,
  ) {}

  async run(options: SeedOptions): Promise<SeedReport> {
    const { seed } = options;
    const people = demoPlayers(seed, options.players);
    for (const p of people) {
      await this.registry.player(
        p.command,
        context(ADMIN, 'ADMIN', `demo-${seed}-${p.command.licenceId}`),
      );
      this.report.players += 1;
    }
    const competitions = demoCompetitions(seed);
    for (const c of competitions) {
      const id = c.competitionId;
      await this.registry.competition(c, context(ADMIN, 'ADMIN', id));
      await this.registry.competition(
        { type: 'AssignCommittee', competitionId: c.competitionId, members: [COMMITTEE] },
        context(ADMIN, 'ADMIN', `${id}-committee`),
      );
      this.report.competitions += 1;
    }
    const skill = new Map(people.map((p) => [p.command.licenceId, p.skill]));
    const random = rng(seed);
    for (let i = 0; i < options.matches; i++) {
      const competition = competitions[i % competitions.length];
      const a = Math.floor(random() * people.length);
      const b = (a + 1 + Math.floor(random() * (people.length - 1))) % people.length;
      await this.playMatch(
        `demo-${seed}-m${i + 1}`,
        i,
        competition.competitionId,
        [people[a].command.licenceId, people[b].command.licenceId],
        random,
        (id) => skill.get(id) ?? 0.5,
      );
      this.report.matches[competition.fields.discipline] += 1;
      await options.onMatch?.(i + 1, options.matches);
    }
    return this.report;
  }

  private async playMatch(
    base: string,
    index: number,
    competitionId: string,
    players: [string, string],
    random: () => number,
    skillOf: (player: string) => number,
  ): Promise<void> {
    let n = 0;
    const next = () => `${base}-${n++}`;
    const matchId = matchIdFor(`${base}-schedule`);
    const day = new Date(
      Date.parse('2026-09-01T19:00:00.000Z') + Math.floor(index / 8) * 86_400_000,
    );
    const command = await this.registry.resolveSchedule({
      type: 'ScheduleMatch',
      matchId,
      raceTo: 2 + Math.floor(random() * 4),
      players: [{ id: players[0] }, { id: players[1] }],
      breakOrder: random() < 0.5 ? 'WINNER' : 'ALTERNATE',
      refereePresent: true,
      competition: null,
      competitionId,
      tableNumber: 1 + (index % 8),
      scheduledAt: day.toISOString(),
    });
    let out = await this.matches.schedule(command, context(ADMIN, 'ADMIN', `${base}-schedule`));
    this.report.events += out.events.length;
    out = await this.record(
      matchId,
      { type: 'AssignOfficials', scorers: [SCORER], referees: [REFEREE] },
      context(ADMIN, 'ADMIN', next()),
    );
    let lastRuled = -1;
    for (let guard = 0; guard < 3; guard++) {
      while (out.state.status !== 'COMPLETED') {
        const cmd = nextCommand(out.state, random, skillOf);
        const who =
          cmd.type === 'RecordRefereeRuling'
            ? context(REFEREE, 'REFEREE', next())
            : context(SCORER, 'SCORER', next());
        out = await this.record(matchId, cmd, who);
        lastRuled =
          out.events.find((e) => e.event.type === 'ShotAdjudicated')?.revision ?? lastRuled;
        if (cmd.type === 'PlayShot' && random() < CORRECTION_RATE)
          out = (await this.correct(matchId, cmd, out, next())) ?? out;
      }
      if (random() >= APPEAL_RATE) return;
      const appealed = await this.appeal(
        matchId,
        out.state,
        lastRuled,
        random() < ALLOWED_RATE,
        next,
      );
      if (!appealed) return;
      out = appealed;
    }
  }

  private async record(
    matchId: string,
    command: MatchCommand,
    ctx: CommandContext,
  ): Promise<CommandOutcome> {
    const out = await this.matches.handle(matchId, command, ctx);
    this.report.events += out.events.length;
    if (out.ruling?.appliedFoul) this.report.fouls += 1;
    return out;
  }

  // The scorer corrects the shot just recorded, while its frame is in play: a scratch that was
  // not one, or a cushion that was reached. A correction the rules refuse is simply not made.
  private async correct(
    matchId: string,
    shot: PlayShot,
    out: CommandOutcome,
    commandId: string,
  ): Promise<CommandOutcome | null> {
    const played = out.events.find((e) => e.event.type === 'ShotPlayed');
    if (!played || out.events.some((e) => e.event.type === 'GameEnded')) return null;
    const facts = shot.facts.cueBallScratched
      ? { cueBallScratched: false }
      : shot.facts.firstContact !== null && shot.facts.railContactsAfterFirstContact.length === 0
        ? { railContactsAfterFirstContact: [{ ball: 0 }] }
        : null;
    if (facts === null) return null;
    try {
      const corrected = await this.record(
        matchId,
        {
          type: 'CorrectShot',
          by: SCORER,
          revision: played.revision,
          facts,
          reason: 'Scorer mistake seen on the table camera',
        },
        context(SCORER, 'SCORER', commandId),
      );
      this.report.corrections += 1;
      return corrected;
    } catch (err) {
      if (err instanceof DomainError) return null;
      throw err;
    }
  }

  // The loser appeals the last ruling and asks for that game; the committee allows or dismisses.
  private async appeal(
    matchId: string,
    state: MatchState,
    against: number,
    allow: boolean,
    next: () => string,
  ): Promise<CommandOutcome | null> {
    const loser = state.players.find((p) => p.id !== state.winner)!.id;
    try {
      const filed = await this.record(
        matchId,
        {
          type: 'FileAppeal',
          by: loser,
          againstRevision: against,
          grounds: 'The deciding ball was not legally pocketed',
          proposal: { kind: 'AWARD_GAME', player: loser },
        },
        context(loser, 'PLAYER', next()),
      );
      const appealId = filed.state.appeals.at(-1)!.id;
      this.report.appealsFiled += 1;
      const decided = await this.record(
        matchId,
        {
          type: 'DecideAppeal',
          appealId,
          decidedBy: COMMITTEE,
          outcome: allow ? 'ALLOWED' : 'DISMISSED',
          reason: allow
            ? 'The video shows a foul on the deciding shot'
            : 'The video confirms the ruling',
        },
        context(COMMITTEE, 'APPEALS_COMMITTEE', next()),
      );
      if (allow) this.report.appealsAllowed += 1;
      return decided;
    } catch (err) {
      if (err instanceof DomainError) return null;
      throw err;
    }
  }
}
