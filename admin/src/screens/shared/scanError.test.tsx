import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { makeTranslator } from '../../../../core/i18n/index.js';
import { describeScanError } from './scanError.js';

const t = makeTranslator('en');
const es = makeTranslator('es');
const failure = (status: number, code?: string) => new HttpError('refused', status, code ? { code } : {});

describe('describeScanError', () => {
  it('says a call that got no answer is the network, with the network hint, in the screen language', () => {
    const problem = describeScanError(failure(0), t);
    expect(problem.message).toBe(t('screens.ops.errors.network'));
    expect(problem.hint).toBe(t('screens.ops.hints.network'));
    expect(describeScanError(failure(0), es).hint).toBe(es('screens.ops.hints.network'));
    expect(es('screens.ops.hints.network')).not.toBe(t('screens.ops.hints.network'));
  });

  it('picks the hint by status when the code has no advice of its own', () => {
    expect(describeScanError(failure(403), t).hint).toBe(t('screens.ops.hints.forbidden'));
    expect(describeScanError(failure(404), t).hint).toBe(t('screens.ops.hints.not_found'));
    expect(describeScanError(failure(503), t).hint).toBe(t('screens.ops.hints.server'));
    expect(describeScanError(failure(422), t).hint).toBe(t('screens.ops.hints.rescan'));
  });

  it('prefers the advice of the refusal code over the status', () => {
    expect(describeScanError(failure(422, 'package.unpaid'), t).hint).toBe(t('screens.ops.hints.unpaid'));
  });
});
