import { ADOPT_HEADS_USAGE } from './cli-adopt-heads';
import { LEDGER_USAGE } from './cli-ledger';
import { TOKEN_USAGE } from './cli-tokens';
import { BACKUP_USAGE } from './backup/backup.cli';
import { SEED_DEMO_USAGE } from './demo/seed-demo.cli';
import { DESK_LINK_USAGE } from './desk/desk-link.cli';
import { EXPORT_USAGE } from './exports/exports.cli';
import { MIGRATE_USAGE } from './exports/migrate.cli';
import { CHANGED_RESULTS_USAGE } from './ratings/changed-results.command';
import { RESULTS_FILE_USAGE } from './results-files/results-file.command';
import { IMPORT_RESULTS_USAGE } from './imports/import-results.command';

const REBUILD_USAGE = `  rebuild empty this instance's read model and replay the whole ledger into it from zero`;
const READJUDICATE_USAGE = `  readjudicate
          re-rule every recorded shot with this build's engine; exit 1 and list every ruling
          that differs from the recorded one (nothing is written)`;

export const USAGE = `Usage: npm run ledger -- token --role <role> --subject <id> [--expires-in <span>]
       npm run ledger -- token revoke <jti> | token revoke --subject <id>
       npm run ledger -- rebuild | verify | checkpoint | readjudicate | adopt-heads
       npm run ledger -- seed-demo [--players 64] [--matches 100] [--seed 1]
       npm run ledger -- export --match <id> | --competition <id> | --all | --standings <id>
       npm run ledger -- verify --file <export.ndjson>
       npm run ledger -- desk-link [--subject <id>] [--role RECORD_KEEPER|ADMIN] [--url <address>]
       npm run ledger -- backup FILE | restore FILE [--force]
       npm run ledger -- migrate --to kurrentdb | --to sqlite --ledger-file FILE [--from-file FILE]
       npm run ledger -- <command> --help
       (or: node dist/cli.js token|rebuild|verify|checkpoint|readjudicate ...)

${TOKEN_USAGE}
${REBUILD_USAGE}
${LEDGER_USAGE}
${ADOPT_HEADS_USAGE}
${READJUDICATE_USAGE}
  ${CHANGED_RESULTS_USAGE}
${SEED_DEMO_USAGE}
${EXPORT_USAGE}
${RESULTS_FILE_USAGE}
${IMPORT_RESULTS_USAGE}
${DESK_LINK_USAGE}
${BACKUP_USAGE}
${MIGRATE_USAGE}`;

// What `<command> --help` prints: the part of the usage about that command.
export const COMMAND_USAGE: Record<string, string> = {
  token: TOKEN_USAGE,
  rebuild: REBUILD_USAGE,
  verify: `${LEDGER_USAGE}\n${EXPORT_USAGE.slice(EXPORT_USAGE.indexOf('  verify --file'))}`,
  checkpoint: LEDGER_USAGE,
  'adopt-heads': ADOPT_HEADS_USAGE,
  readjudicate: READJUDICATE_USAGE,
  'changed-results': `  ${CHANGED_RESULTS_USAGE}`,
  'seed-demo': SEED_DEMO_USAGE,
  'desk-link': DESK_LINK_USAGE,
  export: EXPORT_USAGE,
  'results-file': RESULTS_FILE_USAGE,
  'import-results': IMPORT_RESULTS_USAGE,
  backup: BACKUP_USAGE,
  restore: BACKUP_USAGE,
  migrate: MIGRATE_USAGE,
};
