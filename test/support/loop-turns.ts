// Counts turns of the event loop from now on: an immediate that schedules itself runs once per
// turn. `count()` reads the turns so far; `stop()` ends the count.
export function countLoopTurns(): { count(): number; stop(): void } {
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    count: () => turns,
    stop: () => {
      ticking = false;
    },
  };
}
