import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { CONSOLE_CSP, loadConsoleAssets, type ConsoleAssets } from './console-assets';

const MATCH_ID = /^[A-Za-z0-9_-]{1,100}$/;
const YEAR = 365 * 24 * 3600;

// The scoring console (/score/:matchId): a static page that records through the public GraphQL
// API with the device's own credential; the server only hands out its files. Like the viewer's,
// the files are outside the rate limit and every GraphQL request counts as usual.
@SkipThrottle({ client: true })
@Controller()
export class ConsoleController {
  private assets: Promise<ConsoleAssets> | null = null;

  // Built once, on the first request for the console (the other pages never wait for it).
  private load(): Promise<ConsoleAssets> {
    this.assets ??= loadConsoleAssets().catch((err: unknown) => {
      this.assets = null;
      throw err;
    });
    return this.assets;
  }

  @Get('score/:id')
  async page(@Param('id') id: string, @Res() res: Response): Promise<void> {
    if (!MATCH_ID.test(id)) return void notFound(res);
    const { page } = await this.load();
    res.setHeader('content-security-policy', CONSOLE_CSP);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'no-referrer');
    res.setHeader('cache-control', 'no-cache');
    res.type('html').send(page);
  }

  @Get('console-worker.js')
  async worker(@Res() res: Response): Promise<void> {
    const { worker } = await this.load();
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('cache-control', 'no-cache');
    res.type('text/javascript; charset=utf-8').send(worker);
  }

  @Get('console/:version/:file')
  async asset(
    @Param('version') version: string,
    @Param('file') file: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const assets = await this.load();
    const asset = assets.files.get(file);
    if (!asset) return void notFound(res);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader(
      'cache-control',
      version === assets.version ? `public, max-age=${YEAR}, immutable` : 'no-cache',
    );
    res.setHeader('vary', 'accept-encoding');
    if (asset.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      res.setHeader('content-encoding', 'gzip');
      return void res.type(asset.type).send(asset.gzip);
    }
    res.type(asset.type).send(asset.body);
  }
}

function notFound(res: Response): void {
  res.status(404).type('text').send('Not found');
}
