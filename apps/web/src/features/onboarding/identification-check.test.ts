import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { checkIdentification } from './identification-check';

const t = ((key: string) => key) as unknown as TFunction<'onboarding'>;
const none = { front: null, back: null, selfie: null };

describe('the identification form', () => {
  it('marks every missing file and every empty or impossible date at once', async () => {
    const empty = await checkIdentification(
      'PASSPORT',
      ['front', 'selfie'],
      none,
      {
        date_of_birth: '',
        document_expires_on: '2031-02-30',
      },
      t,
    );
    expect(empty).toEqual({
      errors: {
        front: 'files.required',
        selfie: 'files.required',
        date_of_birth: 'identification.date_required',
        document_expires_on: 'identification.date_invalid',
      },
    });
  });

  it('says why a real date cannot be used', async () => {
    const file = new File(['x'], 'front.png', { type: 'image/png' });
    const minor = new Date().getFullYear() - 10;
    const checked = await checkIdentification(
      'PASSPORT',
      ['front'],
      { ...none, front: file },
      {
        date_of_birth: `${minor}-01-01`,
        document_expires_on: '2001-01-01',
      },
      t,
    );
    expect(checked.errors).toEqual({
      date_of_birth: 'identification.dob_minor',
      document_expires_on: 'identification.document_expired',
    });
  });
});
