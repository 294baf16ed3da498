import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClashResource, ClashStatus } from '../../../contract/clashes';
import { Avatar } from '../Avatar';
import { CrownIcon } from '../icons';
import { RulesSummary } from './RulesSummary';
import { CLASH_GROUPS, clockLeft, groupClashes, onTurn } from './model';
import { timeLeftText } from './timeLeft';

const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

/** One line under the clash's name: what is going on in it, for this viewer. */
function clashState(clash: ClashResource, viewerId: number, t: TFunction) {
  switch (clash.status) {
    case 'IN_PROGRESS': {
      const current = onTurn(clash);
      if (!current) return t('clashes.status.IN_PROGRESS');
      return current.id === viewerId ? t('clashes.yourTurn') : t('clashes.turnOf', { name: current.name });
    }
    case 'PENDING': {
      const me = clash.players.find((p) => p.id === viewerId);
      if (me?.status === 'PENDING') return t('clashes.list.invited', { name: clash.owner.name });
      const waiting = clash.players.filter((p) => p.status === 'PENDING').length;
      return t('clashes.list.waiting', { count: waiting });
    }
    case 'COMPLETED': {
      const crowned = clash.players.filter((p) => p.crown).map((p) => p.name);
      return t('clashes.list.won', { names: crowned.join(', '), count: crowned.length });
    }
    case 'ABANDONED':
      return t('clashes.list.abandoned');
    default:
      return t('clashes.status.CANCELLED');
  }
}

function ClashItem({ clash, viewerId }: { clash: ClashResource; viewerId: number }) {
  const { t, i18n } = useTranslation();
  const mine = clash.status === 'IN_PROGRESS' && onTurn(clash)?.id === viewerId;
  const invited =
    clash.status === 'PENDING' && clash.players.some((p) => p.id === viewerId && p.status === 'PENDING');
  // Read when the list is drawn (it is drawn again with each change): minutes are enough for a day clock.
  const left = clockLeft(clash, Date.now());
  return (
    <li>
      <Link
        to={`/clashes/${clash.id}`}
        className={mine || invited ? 'clash-item clash-item--attention' : 'clash-item'}
      >
        <span className="clash-item-head">
          <span className="clash-item-name">{clash.name}</span>
          <span className="clash-item-date">{formatDate(clash.updatedAt, i18n.language)}</span>
        </span>
        <span className={`clash-item-state clash-item-state--${clash.status.toLowerCase()}`}>
          {clashState(clash, viewerId, t)}
          {left !== null && clash.turnSeconds ? (
            <span className="clash-item-left">
              {' · '}
              {t('clashes.timeLeft.listLeft', { time: timeLeftText(t, left, clash.turnSeconds) })}
            </span>
          ) : null}
        </span>
        <RulesSummary rules={clash.rules} className="clash-item-rules" />
        <span className="clash-item-players">
          {clash.players.map((p) => (
            <span key={p.id} className="clash-item-player">
              <Avatar player={p} size={22} />
              <span>{p.id === viewerId ? t('clashes.youName', { name: p.name }) : p.name}</span>
              {p.crown ? <CrownIcon size={16} /> : null}
              {clash.status !== 'PENDING' && p.score !== null ? (
                <span className="clash-item-score">{p.score}</span>
              ) : null}
            </span>
          ))}
        </span>
      </Link>
    </li>
  );
}

function Group({
  status,
  clashes,
  viewerId,
}: {
  status: ClashStatus;
  clashes: ClashResource[];
  viewerId: number;
}) {
  const { t } = useTranslation();
  const title = (
    <>
      {t(`clashes.groups.${status}`)} <span className="clash-group-count">{clashes.length}</span>
    </>
  );
  const list = (
    <ul className="clash-list">
      {clashes.map((clash) => (
        <ClashItem key={clash.id} clash={clash} viewerId={viewerId} />
      ))}
    </ul>
  );
  // SPEC section 2: the finished ones are collapsed by default.
  if (status === 'COMPLETED' || status === 'CANCELLED') {
    return (
      <details className="clash-group">
        <summary>
          <h2 className="clash-group-title">{title}</h2>
        </summary>
        {list}
      </details>
    );
  }
  return (
    <section className="clash-group" aria-label={t(`clashes.groups.${status}`)}>
      <h2 className="clash-group-title">{title}</h2>
      {list}
    </section>
  );
}

/** The viewer's clashes in the groups of SPEC section 2; a group with nothing in it is left out. */
export function ClashList({ clashes, viewerId }: { clashes: ClashResource[]; viewerId: number }) {
  const { t } = useTranslation();
  // "Your turn" first, soonest to run out at the top, then the others as they came.
  const groups = groupClashes(clashes);
  if (clashes.length === 0) return <p className="card muted">{t('clashes.list.empty')}</p>;
  return (
    <div className="clash-groups">
      {CLASH_GROUPS.filter((status) => groups[status].length > 0).map((status) => (
        <Group key={status} status={status} clashes={groups[status]} viewerId={viewerId} />
      ))}
    </div>
  );
}
