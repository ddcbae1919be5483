import { Module } from '@nestjs/common';
import { ResultsFilesResolver } from './results-files.resolver';

// Results files (CSV, JSON) for rating bodies and bracket tools, over the API; the CLI has its
// own entry (results-file.command.ts).
@Module({ providers: [ResultsFilesResolver] })
export class ResultsFilesModule {}
