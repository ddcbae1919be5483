import type { Channel, LiveItem } from '../kernel/live-channel.port';
import type { Lane, SliceQueue } from '../ledger/slices';

// Replayed events are charged to the client's budget in blocks, before they are read.
export const CHARGE_BLOCK = 100;

// A channel whose replay reads each item in the long-read queue (in the lane of the client named,
// so a client's replays, however many, take one lane's turns; else one lane per replay), so replays
// and long reads share one budget per turn of the event loop; each block of events is charged
// before it is read; live updates are untouched. Items up to `after` (a match's fold from its
// first event) take their turns too but are not sent. The time graphql-ws spends shaping and
// sending an item counts against the budget, often without a turn in between.
export function pacedChannel(
  channel: Channel,
  queue: SliceQueue,
  charge: (events: number) => void,
  lane?: Lane,
): Channel {
  return {
    take: (batch, memo) => channel.take(batch, memo),
    async *replay(after, edge): AsyncGenerator<LiveItem> {
      const self = lane ?? {};
      const source = channel.replay(after, edge);
      try {
        for (let n = 0; ; n++) {
          if (n % CHARGE_BLOCK === 0) charge(CHARGE_BLOCK);
          // The slice is held while the item is read, so one lane at a time reads in this turn.
          const r = await queue.run(() => source.next(), self);
          if (r.done) return;
          if (r.value.position > after) yield r.value;
        }
      } finally {
        await source.return?.(undefined);
      }
    },
  };
}
