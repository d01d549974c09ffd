import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFormDraft, clearFormDrafts, readFormDraft, writeFormDraft } from './form-draft';

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('form drafts', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', new MemoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('gives a draft back to the client who typed it, and to nobody else', () => {
    writeFormDraft('payment:sepa', 'client-a', { amount: '12.50' });
    expect(readFormDraft('payment:sepa', 'client-a')).toEqual({ amount: '12.50' });
    expect(readFormDraft('payment:sepa', 'client-b')).toBeUndefined();
  });

  it('drops a sent form, and every draft on a log-out on purpose', () => {
    writeFormDraft('payment:sepa', 'a', { amount: '1' });
    writeFormDraft('ticket:new', 'a', { subject: 'Hi' });
    sessionStorage.setItem('bp__update_info_shown', '1');
    clearFormDraft('payment:sepa');
    expect(readFormDraft('payment:sepa', 'a')).toBeUndefined();
    clearFormDrafts();
    expect(readFormDraft('ticket:new', 'a')).toBeUndefined();
    expect(sessionStorage.getItem('bp__update_info_shown')).toBe('1');
  });

  it('ignores a draft it cannot read', () => {
    sessionStorage.setItem('bp__draft:x', '{not json');
    expect(readFormDraft('x', 'a')).toBeUndefined();
  });
});
