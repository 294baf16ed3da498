import { useTranslation } from 'react-i18next';
import type { PlayerResource, PresetFigures as Figures } from '../../../contract/players';
import { PRESET_NAMES, type PresetName } from '../../../game/rules';
import { usePlayerStats } from '../../api/players';
import { usePresetName } from '../rankings/PresetSelect';
import { RatingValue } from './RatingBadge';

/** The rows to show: every preset with a score or a rated clash, in the presets' order, custom games last. */
function rowsOf(
  player: PlayerResource,
  presets: Figures[],
): { preset: PresetName | null; figures?: Figures }[] {
  const played = new Map(presets.map((figures) => [figures.preset, figures]));
  const rated = (preset: PresetName) => (player.ratings?.[preset].clashes ?? 0) > 0;
  const rows = PRESET_NAMES.filter((preset) => played.has(preset) || rated(preset)).map((preset) => ({
    preset,
    figures: played.get(preset),
  }));
  const custom = played.get(null);
  return custom ? [...rows, { preset: null, figures: custom }] : rows;
}

/**
 * A player's figures per rule set (GET /api/players/{id}/stats `presets` and the resource's `ratings`):
 * games, best and average score, and the clash rating, one row per preset; custom games in one row of
 * their own, never rated.
 */
export function PresetFigures({ player }: { player: PlayerResource }) {
  const { t, i18n } = useTranslation();
  const stats = usePlayerStats(player.id).data;
  const name = usePresetName();
  if (!stats) return null;
  const rows = rowsOf(player, stats.presets);
  if (rows.length === 0) return null;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const figure = (value: number | undefined) => (value === undefined ? '–' : number.format(value));
  return (
    <section className="card player-section preset-figures" aria-labelledby="preset-figures-title">
      <h2 id="preset-figures-title">{t('player.presets.title')}</h2>
      <table className="table preset-figures-table">
        <thead>
          <tr>
            <th scope="col">{t('scores.rules')}</th>
            <th scope="col" className="data-numeric">
              {t('player.presets.games')}
            </th>
            <th scope="col" className="data-numeric">
              {t('player.presets.best')}
            </th>
            <th scope="col" className="data-numeric">
              {t('player.presets.average')}
            </th>
            <th scope="col" className="data-numeric">
              {t('player.presets.rating')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ preset, figures }) => {
            const rating = preset ? player.ratings?.[preset] : undefined;
            return (
              <tr key={preset ?? 'custom'} data-preset={preset ?? 'custom'}>
                <th scope="row">{name(preset)}</th>
                <td className="data-numeric" data-label={t('player.presets.games')}>
                  {figure(figures?.scoreCount ?? 0)}
                </td>
                <td className="data-numeric" data-label={t('player.presets.best')}>
                  {figure(figures?.highScore)}
                </td>
                <td className="data-numeric" data-label={t('player.presets.average')}>
                  {figure(figures?.averageScore)}
                </td>
                <td className="data-numeric" data-label={t('player.presets.rating')}>
                  {rating && rating.clashes > 0 ? <RatingValue rating={rating} /> : '–'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
