import 'reflect-metadata';
import { recordTemplates } from './workload';

// Records the template matches in a process of its own: bench/rebuild.ts runs a copy in the
// baseline's tree, so the ledger both trees read holds events the older one can read too.
// argv = file, count. Prints one JSON line.
recordTemplates(process.argv[2], Number(process.argv[3])).then(
  (events) => console.log(JSON.stringify({ events })),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
