// What a searchable list offers for what was typed, best first: the name itself, then names
// that start with it, then names with a word that starts with it, then names that hold it
// anywhere. So "India" offers India before British Indian Ocean Territory. Case and accents do
// not matter ("cote" finds Côte d'Ivoire); the list's own order is kept within each rank.
type Option = { label: string };

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim();

function rankOf(label: string, search: string): number | undefined {
  const name = fold(label);
  if (name === search) return 0;
  if (name.startsWith(search)) return 1;
  if (name.split(/[\s\-'’(),.]+/).some((word) => word.startsWith(search))) return 2;
  if (name.includes(search)) return 3;
  return undefined;
}

export function rankOptions<T extends Option>(options: readonly T[], typed: string, limit = Infinity): T[] {
  const search = fold(typed);
  if (search === '') return options.slice(0, limit);
  return options
    .map((option, index) => ({ option, index, rank: rankOf(option.label, search) }))
    .filter((entry): entry is { option: T; index: number; rank: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.option);
}
