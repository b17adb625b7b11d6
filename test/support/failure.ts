import { expect } from 'vitest';
import { FleetError } from '../../common/errors';

/** The FleetError a call fails with; the test fails if it succeeds or throws anything else. */
export async function failure(p: Promise<unknown>): Promise<FleetError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(FleetError);
    return e as FleetError;
  }
  throw new Error('expected a failure');
}
