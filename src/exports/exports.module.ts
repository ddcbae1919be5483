import { Module } from '@nestjs/common';
import { RegistryModule } from '../registry/registry.module';
import { ExportsResolver } from './exports.resolver';

// NDJSON and CSV exports over the API (the CLI has its own entry: exports.cli.ts).
@Module({ imports: [RegistryModule], providers: [ExportsResolver] })
export class ExportsModule {}
