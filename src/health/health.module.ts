import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';

// /health/live and /health/ready for docker-compose and Kubernetes probes (the shutdown state is
// a global provider of the settings module: the GraphQL layer reads it too).
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
})
export class HealthModule {}
