import { Module } from '@nestjs/common';
import { RegistryModule } from '../registry/registry.module';
import { ExportsController } from './exports.controller';
import { ExportsResolver } from './exports.resolver';

// NDJSON and CSV exports over the API and as a download (the CLI has its own entry: src/cli-exports.ts).
@Module({
  imports: [RegistryModule],
  controllers: [ExportsController],
  // EXPORT_BUDGET (the shell's cost budget) is provided by the application.
  providers: [ExportsResolver],
})
export class ExportsModule {}
