import { describe, expect, it } from 'vitest';
import { isUuid, uuidParamLoader } from './route-ids';

const id = '0b6f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f';

describe('route ids', () => {
  it('accept a UUID in either case and nothing else', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    for (const other of [undefined, '', 'batch', 'done', '42', `${id}x`, id.slice(1)]) {
      expect(isUuid(other)).toBe(false);
    }
  });

  it('let a UUID through and answer anything else with a 404', () => {
    expect(uuidParamLoader({ params: { id } })).toBeNull();
    let thrown: unknown;
    try {
      uuidParamLoader({ params: { id: 'batch' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
