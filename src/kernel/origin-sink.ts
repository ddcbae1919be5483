// Where a write's origin (client address and agent) goes: the erasable origin log, kept out of
// the hash chain. The stream runtime declares what it needs of it (OriginSink); the privacy
// feature provides it under this token, and matches and registry inject it, optional.
export const ORIGIN_SINK = Symbol('ORIGIN_SINK');
