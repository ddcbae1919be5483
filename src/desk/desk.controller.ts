import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { PAGES, type Pages } from '../kernel/pages.port';

// Ids as the API takes them (1–64 letters, digits or ._:-).
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

// The tournament desk, the enrolment page a QR code opens, and a table's tablet page.
@SkipThrottle({ client: true })
@Controller()
export class DeskController {
  constructor(@Inject(PAGES) private readonly pages: Pages) {}

  @Get('desk')
  desk(@Res() res: Response): void {
    this.pages.send(res, 'desk');
  }

  // The code travels in the fragment (/enrol#<code>), which browsers never send.
  @Get('enrol')
  enrol(@Res() res: Response): void {
    this.pages.send(res, 'enrol');
  }

  @Get('table/:tableId')
  table(@Param('tableId') tableId: string, @Res() res: Response): void {
    if (!ID_PATTERN.test(tableId)) return void this.pages.notFound(res);
    this.pages.send(res, 'table');
  }
}
