import { expect } from 'chai';
import { Conflict, Forbidden, Invalid, NotFound } from '../../../../application/errors.js';
import { Refusal, REFUSAL_KINDS } from '../../../../domain/shared/refusal.js';
import { errorAnswer, statusOf } from '../../../../adapters/http/middleware/errors.js';
import { RecordingLogger } from '../../../support/recording-logger.js';

describe('the HTTP error table and the domain refusal', () => {
  it('answers each kind with the status of the application error of the same meaning', () => {
    const meaning = { invalid: new Invalid('x'), forbidden: new Forbidden(), conflict: new Conflict('x'), 'not-found': new NotFound() };
    for (const kind of REFUSAL_KINDS) expect(statusOf(new Refusal(kind, 'x')), kind).to.equal(statusOf(meaning[kind]));
    expect(REFUSAL_KINDS.map((k) => statusOf(new Refusal(k, 'x')))).to.deep.equal([422, 403, 409, 404]);
  });

  it('writes its exact message as the body, with no header', () => {
    const answer = errorAnswer(new Refusal('not-found', 'The list does not hold the label 7.'), {
      baseUrl: 'http://localhost',
      log: new RecordingLogger(),
      method: 'DELETE',
      path: '/lists/1/items',
    });
    expect(answer).to.deep.equal({
      status: 404,
      headers: [],
      body: '{"message": "The list does not hold the label 7."}',
      message: 'The list does not hold the label 7.',
    });
  });
});
