import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { LayoutsResolver } from './layouts.resolver';

// Table layouts over GraphQL, recorded through the match stream's command service.
@Module({ imports: [MatchesModule], providers: [LayoutsResolver] })
export class LayoutsModule {}
