import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, type EventStore } from '../../src/ledger/event-store';
import { LedgerClient } from '../support/ledger-client';
import { bearer, post, removeDir, startServer, type TestServer } from '../support/server';

const CASES = Number(process.env.FUZZ_CASES ?? 3000);
// A fixed seed keeps CI repeatable; set FUZZ_SEED (e.g. to a timestamp) to explore further.
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

interface Case {
  body: string;
  headers: Record<string, string>;
}

const MUTATIONS: Record<string, string> = {
  scheduleMatch: 'ScheduleMatchInput',
  assignOfficials: 'AssignOfficialsInput',
  decideBreakOrder: 'DecideBreakOrderInput',
  chooseOption: 'ChooseOptionInput',
  placeCueBall: 'PlaceCueBallInput',
  callShot: 'CallShotInput',
  recordShot: 'RecordShotInput',
  recordRefereeRuling: 'RecordRefereeRulingInput',
};

// Thousands of malformed, hostile and out-of-sequence operations against a match in play. None
// may land, none may be answered with a 5xx, and every error must carry a code.
describe('fuzz: malformed and out-of-sequence operations', () => {
  let server: TestServer;
  let matchId: string;
  let head: number;
  let scheduleCommandId: string;

  beforeAll(async () => {
    server = await startServer();
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    scheduleCommandId = randomUUID();
    const s = await admin.scheduleMatch({
      commandId: scheduleCommandId,
      raceTo: 2,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    matchId = s.matchId;
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await scorer.decideBreakOrder({ matchId, method: 'LAG', winner: 'ana' });
    // Ana is to break, from behind the head string.
    head = (await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' })).revision;
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const hostileScalar = fc.oneof(
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
    fc.constantFrom(0, -1, 16, 99, 2 ** 31, 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER),
    fc.string({ maxLength: 80 }),
    fc.string({ minLength: 600, maxLength: 2000 }),
    fc.constantFrom(
      '',
      ' ',
      'XX',
      '__proto__',
      'constructor',
      "'; DROP TABLE events; --",
      '\u0000',
      '🎱',
      '../../etc/passwd',
      'null',
    ),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 40 }),
    fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
  );

  const tokens = fc.constantFrom<Record<string, string>>(
    {},
    bearer('SCORER', 'scorer-1'),
    bearer('SCORER', 'scorer-9'),
    bearer('REFEREE', 'referee-1'),
    bearer('PLAYER', 'ana'),
    bearer('ADMIN', 'admin-1'),
    { authorization: 'Bearer not.a.token' },
    { authorization: 'Basic YWRtaW46YWRtaW4=' },
  );

  // A plausible write for the current state, then broken on purpose in one way.
  const validShapes = (): Record<string, Record<string, unknown>> => ({
    scheduleMatch: {
      commandId: scheduleCommandId,
      raceTo: 7,
      players: [
        { id: 'c', name: 'C' },
        { id: 'd', name: 'D' },
      ],
    },
    assignOfficials: {
      matchId,
      expectedRevision: head,
      commandId: randomUUID(),
      scorers: ['scorer-2'],
      referees: [],
    },
    decideBreakOrder: {
      matchId,
      expectedRevision: head,
      commandId: randomUUID(),
      method: 'LAG',
      winner: 'bruno',
    },
    chooseOption: {
      matchId,
      expectedRevision: head,
      commandId: randomUUID(),
      player: 'bruno',
      option: 'BREAK',
    },
    placeCueBall: {
      matchId,
      expectedRevision: head,
      commandId: randomUUID(),
      player: 'ana',
      zone: 'KITCHEN',
    },
    callShot: {
      matchId,
      expectedRevision: head,
      commandId: randomUUID(),
      player: 'ana',
      ball: 3,
      pocket: 'FL',
    },
    recordShot: {
      matchId,
      expectedRevision: head,
      commandId: randomUUID(),
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 4,
    },
    recordRefereeRuling: {
      matchId,
      expectedRevision: head,
      commandId: randomUUID(),
      kind: 'STALEMATE',
    },
  });

  const mutationCase: fc.Arbitrary<Case> = fc
    .record({
      name: fc.constantFrom(...Object.keys(MUTATIONS)),
      breakage: fc.constantFrom(
        'field',
        'staleRevision',
        'wrongMatch',
        'outOfSequence',
        'extraField',
        'dropField',
      ),
      field: fc.string({ maxLength: 20 }),
      value: hostileScalar,
      pick: fc.nat(),
      revisionDelta: fc.integer({ min: -5, max: 5 }).filter((d) => d !== 0),
      headers: tokens,
    })
    .map(({ name, breakage, field, value, pick, revisionDelta, headers }) => {
      const input: Record<string, unknown> = { ...validShapes()[name] };
      // A schedule keeps its already-used command id, so any other change is refused as a reused
      // key; a fresh but valid command id would legitimately schedule a new match.
      const keys = Object.keys(input).filter(
        (k) => !(name === 'scheduleMatch' && k === 'commandId'),
      );
      const key = keys[pick % keys.length];
      switch (breakage) {
        case 'field':
          input[key] = value;
          break;
        case 'staleRevision':
          input.expectedRevision = Math.max(0, head + revisionDelta);
          if (input.expectedRevision === head) input.expectedRevision = head + 1;
          break;
        case 'wrongMatch':
          input.matchId = randomUUID();
          break;
        case 'extraField':
          input[field || 'extra'] = value;
          break;
        case 'dropField':
          delete input[key];
          break;
        case 'outOfSequence':
          // Ana must break: everything else is out of turn or out of order.
          if (name === 'recordShot') input.shooter = 'bruno';
          if (name === 'callShot') input.player = 'bruno';
          if (name === 'placeCueBall') input.player = 'bruno';
          if (name === 'recordRefereeRuling')
            Object.assign(input, { kind: 'WARNING', player: 'nobody' });
          if (name === 'assignOfficials') input.scorers = ['ana'];
          break;
      }
      // Every write that could be legal as generated is made stale, so none may land.
      const legalAsIs =
        breakage !== 'staleRevision' &&
        breakage !== 'wrongMatch' &&
        breakage !== 'outOfSequence' &&
        name !== 'scheduleMatch' &&
        name !== 'decideBreakOrder' &&
        name !== 'chooseOption';
      if (legalAsIs && typeof input.expectedRevision === 'number')
        input.expectedRevision = head + 1 + (pick % 3);
      const query = `mutation($input: ${MUTATIONS[name]}!) { ${name}(input: $input) { matchId revision } }`;
      return { body: JSON.stringify({ query, variables: { input } }), headers };
    });

  const garbageQuery: fc.Arbitrary<Case> = fc
    .oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(
        '{ match(id: "x") { id } }',
        '{ matchHistory(matchId: "nope", gameNumber: -1) { type } }',
        '{ matches(first: -5, after: "nope") { nope } }',
        '{ matches(first: 0) { totalCount } }',
        'mutation { recordShot }',
        'subscription { x }',
        `{ ${'match(id: "x") { currentGame { groups { player } } } '.repeat(3)} }`,
        `{ ${Array.from({ length: 300 }, (_, i) => `a${i}: matches(first: 200) { edges { node { id players { id name score warnings } } } }`).join(' ')} }`,
        'query { __schema { types { name fields { name type { name ofType { name ofType { name ofType { name } } } } } } } } }',
        '{'.repeat(500),
        'fragment A on Query { ...A } { ...A }',
      ),
    )
    .chain((query) =>
      fc.record({
        body: fc.oneof(
          fc.constant(JSON.stringify({ query })),
          fc.jsonValue({ maxDepth: 4 }).map((variables) => JSON.stringify({ query, variables })),
        ),
        headers: tokens,
      }),
    );

  const garbageBody: fc.Arbitrary<Case> = fc.record({
    body: fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)),
      fc.constantFrom(
        '',
        'null',
        '[]',
        '{"query": 5}',
        '{"query": null}',
        '[{"query": "{ matches { id } }"}]',
        `{"query": "${'a'.repeat(200_000)}"}`,
      ),
    ),
    headers: tokens,
  });

  it(`${CASES} hostile operations: no 5xx, every error has a code, the ledger is unchanged`, async () => {
    const store = server.app.get<EventStore>(EVENT_STORE);
    const before = await store.readAll();
    const cases = fc.sample(
      fc.oneof(
        { arbitrary: mutationCase, weight: 6 },
        { arbitrary: garbageQuery, weight: 2 },
        { arbitrary: garbageBody, weight: 2 },
      ),
      {
        numRuns: CASES,
        seed: SEED,
      },
    );
    let fiveXx = 0;
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++];
        const res = await post(server.url, c.body, c.headers);
        if (res.status >= 500) fiveXx++;
        const errors = res.body?.errors;
        const ok =
          res.status < 500 &&
          Array.isArray(errors) &&
          errors.length > 0 &&
          errors.every(
            (e: { extensions?: { code?: unknown } }) => typeof e.extensions?.code === 'string',
          ) &&
          !/\n\s+at /.test(res.text);
        if (!ok && problems.length < 5)
          problems.push(`${res.status} ${res.text.slice(0, 300)} ← ${c.body.slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    console.log(
      `fuzz (seed ${SEED}): ${cases.length} cases sent, ${fiveXx} answered 5xx, ${problems.length ? 'problems found' : 'every error coded'}`,
    );
    expect(problems).toEqual([]);
    expect(fiveXx).toBe(0);
    const after = await store.readAll();
    expect(after).toEqual(before);
    // 3,000 requests through eight clients: room for a loaded 2-core machine.
  }, 180_000);
});
