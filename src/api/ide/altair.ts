import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDistDirectory, renderAltair } from 'altair-static';
import type { NextFunction, Request, Response } from 'express';

export const ALTAIR_PATH = '/altair';

// Shown in the first tab: a public read, so it runs without a token.
const INITIAL_QUERY = `# Reads need no token. Writes need one: Auth tab > Bearer Token
# (sends Authorization: Bearer <token>). Mint one with
#   npm run ledger -- token --role admin --subject me
{
  matches(first: 10) {
    totalCount
    edges {
      node {
        id
        status
      }
    }
  }
}
`;

// The in-browser GraphQL IDE (Altair), served entirely by this server: its page at /altair and its
// files under /altair/ from the altair-static package, so it works on a machine without internet.
// Mounted only when LEDGER_GRAPHQL_LANDING_PAGE is on; Apollo's own landing page stays off.
// These are plain Express routes: static files, outside the GraphQL rate limit and auth guards
// (every query the IDE sends goes through /graphql and its limits like any other client's).
export function mountAltair(app: NestExpressApplication, graphqlPath = '/graphql'): void {
  const html = renderAltair({
    baseURL: `${ALTAIR_PATH}/`,
    endpointURL: graphqlPath,
    initialQuery: INITIAL_QUERY,
    initialName: 'Cue Ledger',
    // No sign-in to Altair's cloud, no update check, no remote plugins: nothing leaves this server.
    disableAccount: true,
    initialSettings: {
      'alert.disableUpdateNotification': true,
      'plugin.list': [],
      'banners.disable': true,
    },
  });

  app.use(ALTAIR_PATH, (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
    res.type('html').setHeader('cache-control', 'no-cache').send(html);
  });
  app.useStaticAssets(getDistDirectory(), { prefix: ALTAIR_PATH, index: false, redirect: false });

  // A browser opening the GraphQL endpoint gets the IDE; API clients (JSON, or GET with a query)
  // reach Apollo as before.
  app.use(graphqlPath, (req: Request, res: Response, next: NextFunction) => {
    const browser =
      req.method === 'GET' && req.path === '/' && req.accepts(['json', 'html']) === 'html';
    if (browser && req.query.query === undefined) return res.redirect(302, ALTAIR_PATH);
    next();
  });
}
