import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The baseline checkout the new targets are ratios against (BENCH_BASELINE, a commit; "none"
// skips it): a temporary git worktree of that commit beside this one, sharing its node_modules,
// with this tree's replay, rebuild and template children copied in (the same timers, CPU time
// included), so both trees replay and rebuild the same ledger file the same way in the same run.

const ROOT = join(__dirname, '..');
export const BASELINE = process.env.BENCH_BASELINE ?? 'e74892f';

export interface Baseline {
  commit: string;
  root: string;
  remove: () => void;
}

export function checkOutBaseline(): Baseline | null {
  if (BASELINE === 'none') return null;
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-baseline-'));
  const root = join(dir, 'tree');
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  git('worktree', 'add', '--detach', root, BASELINE);
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(root, 'node_modules'), 'dir');
  for (const script of ['replay-child.ts', 'rebuild-child.ts', 'templates-child.ts'])
    copyFileSync(join(__dirname, script), join(root, 'bench', script));
  return {
    commit: git('rev-parse', '--short', BASELINE).trim(),
    root,
    remove: () => {
      git('worktree', 'remove', '--force', root);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
