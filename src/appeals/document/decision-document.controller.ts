import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CodedError } from '../../domain/coded-error';
import { AppealCaseService } from '../cases/appeal-cases.service';
import { documentHtml, DOCUMENT_CSP } from './document-html';
import type { Lang } from './document-labels';
import { documentView } from './document-view';

// Match ids as the viewer takes them; appeal ids as the match numbers them (A1, A2, …).
const MATCH_ID = /^[A-Za-z0-9_-]{1,100}$/;
const APPEAL_ID = /^A\d{1,6}$/;

// The decision document: a printable page per appeal, rendered here from the case file (the
// match stream, read when asked for), in English or Portuguese. Read-only, like the case file.
// Appeal ids are per match, so the page is /appeals/<matchId>/<appealId> (or <matchId>.<appealId>).
@Controller('appeals')
export class DecisionDocumentController {
  constructor(@Inject(AppealCaseService) private readonly cases: AppealCaseService) {}

  @Get(':id')
  async byId(@Param('id') id: string, @Query('lang') lang: unknown, @Res() res: Response) {
    const dot = id.lastIndexOf('.');
    if (dot < 0) return void plain(res, 404, 'Not found');
    await this.page(res, id.slice(0, dot), id.slice(dot + 1), lang);
  }

  @Get(':matchId/:appealId')
  async byPath(
    @Param('matchId') matchId: string,
    @Param('appealId') appealId: string,
    @Query('lang') lang: unknown,
    @Res() res: Response,
  ) {
    await this.page(res, matchId, appealId, lang);
  }

  private async page(res: Response, matchId: string, appealId: string, lang: unknown) {
    if (!MATCH_ID.test(matchId) || !APPEAL_ID.test(appealId))
      return void plain(res, 404, 'Not found');
    if (lang !== undefined && lang !== 'en' && lang !== 'pt')
      return void plain(res, 400, 'lang must be en or pt');
    try {
      const { file, records, state } = await this.cases.file(matchId, appealId);
      const html = documentHtml(documentView(file, records, state, (lang ?? 'en') as Lang));
      res.setHeader('content-security-policy', DOCUMENT_CSP);
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('referrer-policy', 'no-referrer');
      res.setHeader('cache-control', 'no-cache');
      res.type('html').send(html);
    } catch (err) {
      // No such match or no such appeal in it: a missing page, said plainly.
      if (err instanceof CodedError && /NOT_FOUND$/.test(err.code))
        return void plain(res, 404, err.message);
      throw err;
    }
  }
}

function plain(res: Response, status: number, text: string): void {
  res.status(status).type('text').send(text);
}
