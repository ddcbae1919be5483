import { Module } from '@nestjs/common';
import { RegistryModule } from '../registry/registry.module';
import { CostBudget } from '../api/graphql/cost';
import { EXPORT_BUDGET, ExportsController } from './exports.controller';
import { ExportsResolver } from './exports.resolver';

// NDJSON and CSV exports over the API and as a download (the CLI has its own entry: exports.cli.ts).
@Module({
  imports: [RegistryModule],
  controllers: [ExportsController],
  providers: [ExportsResolver, { provide: EXPORT_BUDGET, useExisting: CostBudget }],
})
export class ExportsModule {}
