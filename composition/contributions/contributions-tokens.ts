import type { ListContributions } from '../../application/contributions/list-contributions.js';
import type { ListSubmissions } from '../../application/contributions/list-submissions.js';
import type { RecordContribution } from '../../application/contributions/record-contribution.js';
import type { ContributionReader } from '../../application/ports/contribution-reader.js';
import type { ContributionRepository } from '../../domain/contributions/contribution-repository.js';
import { token } from '../token.js';

export const CONTRIBUTIONS = {
  Repository: token<ContributionRepository>('contributions/Repository'),
  Reader: token<ContributionReader>('contributions/Reader'),
  RecordContribution: token<RecordContribution>('contributions/RecordContribution'),
  ListSubmissions: token<ListSubmissions>('contributions/ListSubmissions'),
  ListContributions: token<ListContributions>('contributions/ListContributions'),
} as const;
