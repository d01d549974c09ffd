import { describe, expect, it } from 'vitest';
import { DROPDOWN_MIN_WIDTH, theme } from './theme';

type Styles = Record<string, { minWidth?: number } | undefined>;
const stylesOf = (name: string) =>
  (theme.components?.[name] as { styles?: Styles } | undefined)?.styles ?? {};

describe('theme', () => {
  it('keeps every dropdown field at least 160 px wide', () => {
    expect(DROPDOWN_MIN_WIDTH).toBeGreaterThanOrEqual(160);
    for (const name of ['Select', 'MultiSelect', 'Autocomplete', 'NativeSelect']) {
      expect(stylesOf(name).root?.minWidth, name).toBe(DROPDOWN_MIN_WIDTH);
    }
  });

  it('keeps every open list at least 160 px wide', () => {
    for (const name of ['Select', 'MultiSelect', 'Autocomplete', 'Combobox', 'Menu']) {
      expect(stylesOf(name).dropdown?.minWidth, name).toBe(DROPDOWN_MIN_WIDTH);
    }
  });
});
