import { attack } from './attack-mix';

// The attackers' process (see attack.ts): runs the mix against the server at argv[2] until killed.
const stop = { done: false };
process.once('SIGTERM', () => {
  stop.done = true;
  setTimeout(() => process.exit(0), 1000).unref();
});
void attack(process.argv[2], Number(process.argv[3] ?? 1), stop).then(() => process.exit(0));
