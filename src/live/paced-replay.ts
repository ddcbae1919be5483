import type { Channel, LiveItem } from './live-channels';
import type { ReplayPacer } from './replay-pacer';

// Replayed events are charged to the client's budget in blocks, before they are read.
export const CHARGE_BLOCK = 100;

// A channel whose replay takes turns with every other replay (see ReplayPacer) and charges each
// block of events before reading it; live updates are untouched. Items up to `after` (a match's
// fold from its first event) take their turns too but are not sent.
export function pacedChannel(
  channel: Channel,
  pacer: ReplayPacer,
  charge: (events: number) => void,
): Channel {
  return {
    take: (batch, memo) => channel.take(batch, memo),
    async *replay(after, edge): AsyncGenerator<LiveItem> {
      const self = {};
      const source = channel.replay(after, edge);
      try {
        for (let n = 0; ; n++) {
          if (n % CHARGE_BLOCK === 0) charge(CHARGE_BLOCK);
          await pacer.turn(self);
          const r = await source.next();
          if (r.done) return;
          if (r.value.position > after) yield r.value;
        }
      } finally {
        await source.return?.(undefined);
      }
    },
  };
}
