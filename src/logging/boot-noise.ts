import type { LoggerService } from '@nestjs/common';

// Nest's start-up lines (a module initialised, a route mapped: some 35 of them per start) and
// their contexts. Left out of the log unless it is at debug level or finer.
const BOOT_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
  'GraphQLModule',
]);

export function withoutBootNoise(logger: LoggerService, level: string): LoggerService {
  if (level === 'debug' || level === 'trace') return logger;
  return new Proxy(logger, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key !== 'log' || typeof value !== 'function') return value;
      return (message: unknown, ...rest: unknown[]) => {
        const context = rest.at(-1);
        if (typeof context === 'string' && BOOT_CONTEXTS.has(context)) return;
        (value as (...a: unknown[]) => void).call(target, message, ...rest);
      };
    },
  });
}
