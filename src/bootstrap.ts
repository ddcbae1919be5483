import { ValidationPipe, type INestApplication } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { InputValidationError, type FieldProblem } from './api/graphql/errors';

function flatten(errors: ValidationError[], prefix = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, problems: Object.values(e.constraints) }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

// Shared by main.ts and the end-to-end tests, so tests run the server as it ships.
export function configureApp(app: INestApplication): INestApplication {
  app.useGlobalPipes(
    new ValidationPipe({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      exceptionFactory: (errors) => new InputValidationError(flatten(errors)),
    }),
  );
  app.enableShutdownHooks();
  return app;
}
