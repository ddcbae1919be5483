import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('ImportReport', { description: 'What an import of past results appended (or would).' })
export class ImportReportModel {
  @Field({ description: 'sha256 of the file, recorded in every imported match.' })
  fileSha256!: string;
  @Field() dryRun!: boolean;
  @Field(() => Int) rows!: number;
  @Field(() => Int, { description: 'Matches appended (on a dry run: that would be).' })
  imported!: number;
  @Field(() => Int, { description: 'Rows whose match was imported before: nothing appended.' })
  alreadyImported!: number;
  @Field(() => Int) events!: number;
  @Field(() => [String]) playersRegistered!: string[];
  @Field(() => [String]) matchIds!: string[];
}
