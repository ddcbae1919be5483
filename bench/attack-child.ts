import { attack, AttackSwitch } from './attack-mix';

// The attackers' process (see attack.ts): runs the mix against the server at argv[2], on and off
// as the parent says ('on', 'off': answered 'off' once no attack is in flight), until killed.
const on = new AttackSwitch();
process.on('message', (m) => {
  if (m === 'on') on.set(true);
  if (m === 'off') {
    on.set(false);
    void on.idle().then(() => process.send?.('off'));
  }
});
process.once('SIGTERM', () => {
  on.end();
  setTimeout(() => process.exit(0), 1000).unref();
});
void attack(process.argv[2], Number(process.argv[3] ?? 1), on).then(() => process.exit(0));
process.send?.('ready');
