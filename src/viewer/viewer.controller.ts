import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { VIEWER_ASSETS } from './viewer.tokens';
import { VIEWER_CSP, type ViewerAssets } from './viewer-assets';

// Match ids are UUIDs; anything else in the path is not a match page.
const MATCH_ID = /^[A-Za-z0-9_-]{1,100}$/;
const YEAR = 365 * 24 * 3600;

// The replay viewer and the printable match sheet: static pages that read the match through the
// public GraphQL queries in the reader's browser, so they need no token and no server work. The
// files are outside the rate limit; every query the pages send counts as usual.
@SkipThrottle({ client: true })
@Controller()
export class ViewerController {
  constructor(@Inject(VIEWER_ASSETS) private readonly assets: ViewerAssets) {}

  @Get('matches/:id')
  viewer(@Param('id') id: string, @Res() res: Response): void {
    this.page(res, id, this.assets.pages.viewer);
  }

  @Get('matches/:id/sheet')
  sheet(@Param('id') id: string, @Res() res: Response): void {
    this.page(res, id, this.assets.pages.sheet);
  }

  @Get('viewer/:version/:file')
  asset(
    @Param('version') version: string,
    @Param('file') file: string,
    @Res() res: Response,
  ): void {
    const asset = this.assets.files.get(file);
    if (!asset) return void notFound(res);
    res.setHeader('x-content-type-options', 'nosniff');
    // An old version's URL gets today's file, revalidated each time rather than kept.
    res.setHeader(
      'cache-control',
      version === this.assets.version ? `public, max-age=${YEAR}, immutable` : 'no-cache',
    );
    res.type(asset.type).send(asset.body);
  }

  private page(res: Response, id: string, html: string): void {
    if (!MATCH_ID.test(id)) return void notFound(res);
    res.setHeader('content-security-policy', VIEWER_CSP);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'no-referrer');
    res.setHeader('cache-control', 'no-cache');
    res.type('html').send(html);
  }
}

function notFound(res: Response): void {
  res.status(404).type('text').send('Not found');
}
