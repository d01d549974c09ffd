import { describe, expect, it } from 'vitest';
import { rateChartView } from './rate-chart-view';

describe('the rate chart', () => {
  it('is not drawn at all without a history: no answer yet, no days, or one day alone', () => {
    expect(rateChartView(undefined)).toBeNull();
    expect(rateChartView([])).toBeNull();
    expect(rateChartView([{ day: '2026-12-07', rate: 0.8612 }])).toBeNull();
  });

  it('draws every day of the history and dates the newest rate DD-MM-YYYY', () => {
    const history = Array.from({ length: 30 }, (_, index) => ({
      day: new Date(Date.UTC(2026, 10, 8 + index)).toISOString().slice(0, 10),
      rate: 0.86 + index / 10_000,
    }));
    const view = rateChartView(history);
    expect(view?.points).toHaveLength(30);
    expect(view?.points[0]).toEqual({ x: '2026-11-08', y: 0.86 });
    expect(view?.latest).toBe('07-12-2026');
  });
});
