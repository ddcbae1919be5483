import { Module } from '@nestjs/common';
import { ConsoleController } from './console.controller';

// The scoring console (/score/:matchId) and its files.
@Module({ controllers: [ConsoleController] })
export class ConsoleModule {}
