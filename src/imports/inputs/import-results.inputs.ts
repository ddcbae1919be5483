import { Field, InputType } from '@nestjs/graphql';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { CommandInput } from '../../kernel/graphql/inputs/command.input';

// A results file sent by the desk: small files (the CLI takes long ones).
export const MAX_IMPORT_CSV = 2_000_000;

@InputType({
  description:
    'Import past results from a CSV file (docs/records.md): refused whole with every bad row; rows already imported are skipped.',
})
export class ImportResultsInput extends CommandInput {
  @Field({ description: 'The CSV file, as text (at most 2,000,000 characters).' })
  @IsString()
  @MaxLength(MAX_IMPORT_CSV)
  csv!: string;

  @Field({ defaultValue: false, description: 'Report what would be imported; append nothing.' })
  @IsBoolean()
  dryRun!: boolean;

  @Field({
    defaultValue: false,
    description: 'Register licence ids the registry does not know, under the names the file gives.',
  })
  @IsBoolean()
  registerPlayers!: boolean;
}
