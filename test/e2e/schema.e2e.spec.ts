import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaText } from '../../src/api/graphql/schema-text';
import { removeDir, startServer, type TestServer } from '../support/server';

describe('schema.graphql', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('is the schema the code generates (run `npm run schema` after changing resolvers or types)', () => {
    const committed = readFileSync(join(__dirname, '..', '..', 'schema.graphql'), 'utf8');
    expect(committed).toBe(schemaText(server.app));
  });
});
