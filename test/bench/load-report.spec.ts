import { addLatencies, Figures, key, report } from '../../bench/load/report';

// Two runs of two checkouts at K = 1 only: enough to see each ratio taken run by run.
function figures(): Figures {
  const f = new Figures();
  const runs = { new: [1.0, 1.2], old: [2.0, 2.0] };
  for (const [t, scale] of Object.entries(runs))
    for (const s of scale) {
      f.add(key.ceiling(t, 1), 1000);
      addLatencies(f, t, 'CEILING', 1, [1, 1, 1, 2]);
      f.add(key.writes(t, 'FULL', 1), 500 / s);
      f.add(key.writes(t, 'NORMAL', 1), 1000 / s);
      addLatencies(f, t, 'FULL', 1, [4 * s, 4 * s, 4 * s, 10 * s]);
      addLatencies(f, t, 'NORMAL', 1, [2, 2, 2, 5]);
      f.add(key.early(t), 5);
      f.add(key.late(t), 6 * s);
      f.add(key.errors(t), 1);
    }
  return f;
}

// A table row's cells after the first, found by how the row starts.
const cells = (text: string, start: RegExp) =>
  (text.split('\n').find((l) => start.test(l.trimStart())) ?? '')
    .trim()
    .split(/\s{3,}/)
    .slice(1);

describe('load bench report', () => {
  const text = report(
    figures(),
    [
      { label: 'new', root: '/a' },
      { label: 'old', root: '/b' },
    ],
    [1],
  );
  const blocks = text.split('\n\n');
  const block = (heading: string) => blocks.find((b) => b.startsWith(heading)) ?? '';
  const fresh = block('new: ');
  const against = block('new ÷ old');

  it('prints each write figure beside the ceiling of the same run, as min/median/max', () => {
    // writes 500 and 416.7 against a ceiling of 1,000; NORMAL twice as fast
    expect(cells(fresh, /^1 /)).toEqual([
      '1,000/1,000/1,000',
      '417/458/500',
      '0.42/0.46/0.50',
      '833/917/1,000',
      '0.83/0.92/1.00',
      '0.50/0.50/0.50',
    ]);
    expect(cells(fresh, /^1\s+p50/)).toEqual([
      'p50',
      '1.0/1.0/1.0',
      '4.0/4.4/4.8',
      '4.00/4.40/4.80',
      '2.0/2.0/2.0',
      '2.00/2.00/2.00',
    ]);
    expect(fresh).toContain('past 2,000 6.0/6.6/7.2 ms, ratio 1.20/1.32/1.44');
    expect(fresh).toContain('Refused writes or failed requests: 2');
  });

  it('divides the new checkout by the old one run by run', () => {
    expect(cells(against, /^1 /)).toEqual([
      '1.00/1.00/1.00',
      '1.67/1.83/2.00',
      '0.50/0.55/0.60',
      '0.50/0.55/0.60',
      '1.67/1.83/2.00',
    ]);
  });

  it("prints each checkout's gates as PASS or FAIL on the median of its runs", () => {
    expect(block('Gates (new)').split('\n')).toEqual([
      'Gates (new)',
      '  FAIL  FULL ≥ 0.9 × NORMAL throughput at 1 client: 0.50×/0.50×/0.50×',
      '  FAIL  write latency past revision 2,000 ≤ 1.2 × at revision 0 (p50): 1.20×/1.32×/1.44×',
      '  PASS  FULL writes ÷ {__typename} ceiling at 1 clients ≥ 0.25: 0.42×/0.46×/0.50×',
    ]);
    expect(block('Gates (old)')).toContain(
      'PASS  FULL writes ÷ {__typename} ceiling at 1 clients ≥ 0.25: 0.25×/0.25×/0.25×',
    );
  });
});
