// The write context is the kernel's (every stream type's command carries it).
export type { WriteContext } from '../kernel/write-context';
