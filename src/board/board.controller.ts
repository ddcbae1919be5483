import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import type { PageName, Pages } from '../kernel/pages.port';
import { PAGE_ASSETS, PAGES_CSP, type PageAssets } from './page-assets';

const MATCH_ID = /^[A-Za-z0-9_-]{1,100}$/;
const YEAR = 365 * 24 * 3600;

// Static pages that read through the public GraphQL API in the browser; the files are outside the
// rate limit, every query the pages send counts as usual.
export function sendPage(res: Response, assets: PageAssets, page: PageName): void {
  res.setHeader('content-security-policy', PAGES_CSP);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('cache-control', 'no-cache');
  res.type('html').send(assets.pages[page]);
}

export function notFound(res: Response): void {
  res.status(404).type('text').send('Not found');
}

// The kernel's PAGES over the loaded set (the desk serves its pages through it).
export function pagesOf(assets: PageAssets): Pages {
  return { send: (res, page) => sendPage(res, assets, page), notFound };
}

@SkipThrottle({ client: true })
@Controller()
export class BoardController {
  constructor(@Inject(PAGE_ASSETS) private readonly assets: PageAssets) {}

  @Get('board')
  board(@Res() res: Response): void {
    sendPage(res, this.assets, 'board');
  }

  @Get('matches/:id/overlay')
  overlay(@Param('id') id: string, @Res() res: Response): void {
    if (!MATCH_ID.test(id)) return void notFound(res);
    sendPage(res, this.assets, 'overlay');
  }

  @Get('pages/:version/:file')
  asset(
    @Param('version') version: string,
    @Param('file') file: string,
    @Res() res: Response,
  ): void {
    const asset = this.assets.files.get(file);
    if (!asset) return void notFound(res);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader(
      'cache-control',
      version === this.assets.version ? `public, max-age=${YEAR}, immutable` : 'no-cache',
    );
    res.type(asset.type).send(asset.body);
  }
}
