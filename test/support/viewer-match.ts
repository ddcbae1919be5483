import { LedgerClient, type Result } from './ledger-client';
import type { TestServer } from './server';

export interface RecordedViewerMatch {
  matchId: string;
  // Revisions the browser test looks at.
  groupsSet: number; // ShotAdjudicated where E8.9 gives Ana the solids
  foul: number; // ShotAdjudicated of Bruno's G1.18 foul (ball in hand for Ana)
  corrected: number; // the correction event
  gameOneOver: number; // ShotAdjudicated that ends game 1
  appealAgainst: number; // the disputed ruling of the pending appeal
  last: number;
}

// An 8-ball race to 2 recorded over GraphQL as a table's officials would: a legal break, groups,
// a foul with ball in hand, a scorer's correction, two games, a dismissed and a pending appeal,
// and one signature. Every write goes through the real API.
export async function recordViewerMatch(server: TestServer): Promise<RecordedViewerMatch> {
  const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
  const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
  const bruno = new LedgerClient(server, 'PLAYER', 'bruno');
  const ana = new LedgerClient(server, 'PLAYER', 'ana');
  const committee = new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1');
  const { matchId } = await admin.scheduleMatch({
    raceTo: 2,
    ruleProfile: 'FPB',
    breakOrder: 'WINNER',
    refereePresent: true,
    competition: 'Taça de Lisboa 2026',
    appealWindowMinutes: 120,
    players: [
      { id: 'ana', name: 'Ana Sousa' },
      { id: 'bruno', name: 'Bruno Reis' },
    ],
  });
  await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
  await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
  await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
  const rev = (r: Result, type: string): number =>
    r.events.find((e: Result) => e.type === type).revision;
  const call = (player: string, ball: number, pocket: string) =>
    scorer.callShot({ matchId, player, ball, pocket });
  const pot = (shooter: string, ball: number, pocket: string) =>
    scorer.recordShot({ matchId, shooter, firstContact: ball, pocketed: [{ ball, pocket }] });

  // Game 1. E8.4: a legal break pockets the 1; the table stays open.
  await scorer.recordShot({
    matchId,
    shooter: 'ana',
    firstContact: 1,
    objectBallsDrivenToRail: 4,
    pocketed: [{ ball: 1, pocket: 'FR' }],
  });
  await call('ana', 2, 'FL');
  const groups = await pot('ana', 2, 'FL'); // E8.9: solids for Ana
  await call('ana', 3, 'SL');
  // A miss recorded as a pocketed 3, corrected by the scorer: Ana missed, Bruno to shoot.
  const wrong = await pot('ana', 3, 'SL');
  const corrected = await scorer.correctShot({
    matchId,
    revision: rev(wrong, 'ShotPlayed'),
    facts: { pocketed: [], railContactsAfterFirstContact: [{ ball: 3, cushion: 'FOOT' }] },
    reason: 'The 3 rattled in the jaws and stayed out',
  });
  await call('bruno', 9, 'FR');
  // G1.18: Bruno hits Ana's 4 first: ball in hand anywhere for Ana.
  const foul = await scorer.recordShot({
    matchId,
    shooter: 'bruno',
    firstContact: 4,
    railContactsAfterFirstContact: [{ ball: 0, cushion: 'HEAD' }],
  });
  await scorer.placeCueBall({ matchId, player: 'ana', zone: 'ANYWHERE' });
  for (const ball of [3, 4, 5, 6, 7]) {
    await call('ana', ball, 'FL');
    await pot('ana', ball, 'FL');
  }
  await call('ana', 8, 'SR');
  const won = await pot('ana', 8, 'SR'); // E8.1: Ana wins game 1

  // Game 2 (G1.34: the winner breaks): a dry break, then Bruno's run and a loss on the 8.
  await scorer.recordShot({ matchId, shooter: 'ana', firstContact: 1, objectBallsDrivenToRail: 4 });
  await call('bruno', 9, 'HR');
  const disputed = await pot('bruno', 9, 'HR');
  await call('bruno', 10, 'HL');
  const lost = await scorer.recordShot({
    matchId,
    shooter: 'bruno',
    firstContact: 10,
    pocketed: [
      { ball: 10, pocket: 'HL' },
      { ball: 8, pocket: 'SL' },
    ],
  });

  // A1: Bruno disputes his game-1 foul; the committee dismisses it. A2: Ana disputes Bruno's
  // pocketed 9 (she says the cue ball followed it in); still pending, so it has a what-if.
  await bruno.fileAppeal({
    matchId,
    againstRevision: rev(foul, 'ShotAdjudicated'),
    grounds: 'The cue ball touched the 9 first',
    proposal: { kind: 'AMEND_FACTS', facts: { firstContact: 9 } },
  });
  await committee.decideAppeal({
    matchId,
    appealId: 'A1',
    outcome: 'DISMISSED',
    reason: 'The referee saw the 4 hit first',
  });
  await ana.fileAppeal({
    matchId,
    againstRevision: rev(disputed, 'ShotAdjudicated'),
    grounds: 'The cue ball followed the 9 into the head-right pocket',
    proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
  });
  const signed = await ana.signOffMatch({ matchId });
  return {
    matchId,
    groupsSet: rev(groups, 'ShotAdjudicated'),
    foul: rev(foul, 'ShotAdjudicated'),
    corrected: corrected.revision,
    gameOneOver: rev(won, 'ShotAdjudicated'),
    appealAgainst: rev(disputed, 'ShotAdjudicated'),
    last: Math.max(signed.revision, lost.revision),
  };
}
