import { Module } from '@nestjs/common';
import { BoardModule } from '../board/board.module';
import { DeskController } from './desk.controller';

// The desk's pages (/desk, /enrol, /table/:tableId); what they call is the public GraphQL API
// (src/devices, src/matches, src/registry, src/board).
@Module({ imports: [BoardModule], controllers: [DeskController] })
export class DeskModule {}
