import { CodedError } from '../domain/coded-error';
import type { MatchProjector } from './match-projector';
import type { ReadModel } from './read-model';

// The read model did not reach the position a query asked for within the wait allowed.
export class ReadModelBehindError extends CodedError<'READ_MODEL_BEHIND'> {
  readonly code = 'READ_MODEL_BEHIND';
  constructor(
    readonly wanted: bigint,
    readonly current: bigint | null,
  ) {
    super(
      `This replica's read model is at position ${current ?? 'none'}, short of ${wanted}: retry, or ask another replica`,
    );
  }

  override details(): Record<string, unknown> {
    return { position: this.current?.toString() ?? null, wanted: this.wanted.toString() };
  }
}

interface Waiting {
  target: bigint;
  resolve: () => void;
}

// Read-your-writes across replicas: a query holding a write's position waits until this
// replica's read model (every projection commits with the one checkpoint) has reached it.
export class PositionWaiter {
  private readonly waiting = new Set<Waiting>();

  constructor(
    private readonly readModel: ReadModel,
    private readonly projector: MatchProjector,
  ) {
    projector.onCommitted(() => this.wake());
  }

  get position(): bigint | null {
    return this.readModel.checkpoint('matches') ?? null;
  }

  reached(target: bigint): boolean {
    const at = this.position;
    return at !== null && at >= target;
  }

  // Resolves once reached; refuses with READ_MODEL_BEHIND after timeoutMs.
  async reach(target: bigint, timeoutMs: number): Promise<void> {
    if (this.reached(target)) return;
    // A replica with no live tail (or a slow one) reads the feed itself once.
    this.projector.catchUp().then(
      () => this.wake(),
      () => undefined,
    );
    let timer: NodeJS.Timeout | undefined;
    let entry: Waiting | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      entry = { target, resolve: () => resolve(true) };
      this.waiting.add(entry);
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const ok = await arrived;
    clearTimeout(timer);
    this.waiting.delete(entry!);
    if (!ok && !this.reached(target)) throw new ReadModelBehindError(target, this.position);
  }

  private wake(): void {
    for (const w of this.waiting) if (this.reached(w.target)) w.resolve();
  }
}
