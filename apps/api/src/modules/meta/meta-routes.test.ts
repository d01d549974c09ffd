import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app';

const test = useTestApp();

describe('metadata', () => {
  it('GET /api/meta returns every list with real reference data', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/meta' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const { data } = response.json();
    for (const key of [
      'currencies',
      'countries',
      'address_types',
      'client_partner_types',
      'client_person_types',
      'activity_types',
      'source_of_wealth_types',
      'identification_document_types',
      'document_types',
      'global_settings',
    ]) {
      expect(data, key).toHaveProperty(key);
    }
    expect(data.currencies.length).toBeGreaterThan(150);
    expect(data.currencies).toContainEqual(expect.objectContaining({ code: 'JPY', exponent: 0 }));
    expect(data.countries.length).toBe(249);
    expect(data.countries).toContainEqual(
      expect.objectContaining({ code: 'GB', is_uk: true, is_eea: false, is_sepa: true, flag: '🇬🇧' }),
    );
    expect(data.global_settings).toMatchObject({
      max_upload_bytes: 10 * 1024 * 1024,
      notifications_page_size: 20,
    });
  });

  it('GET /api/meta/document_types', async () => {
    const { data } = (await test.app.inject({ method: 'GET', url: '/api/meta/document_types' })).json();
    expect(data.document_types.length).toBeGreaterThan(5);
    expect(data.document_types[0]).toEqual({ code: expect.any(String), name: expect.any(String) });
  });

  it('GET /api/meta/active_countries leaves out the countries we do not onboard from', async () => {
    const { data } = (await test.app.inject({ method: 'GET', url: '/api/meta/active_countries' })).json();
    const codes = data.map((country: { code: string }) => country.code);
    expect(codes).toContain('DE');
    expect(codes).not.toContain('KP');
    expect(data.every((country: { active: boolean }) => country.active)).toBe(true);
  });
});
