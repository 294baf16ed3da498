import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { FriendPlayer } from '../../contract/friends';
import {
  type FriendsList,
  useChangeRelation,
  useFollowing,
  useFriendsList,
  useRemoveFollower,
} from '../api/friends';
import { failureText } from '../api/outage';
import { useSession } from '../api/session';
import '../components/clash/clash.css';
import { FriendRow } from '../components/friends/FriendRow';
import '../components/friends/friends.css';
import { toastError } from '../components/Toasts';
import { useTitle } from '../components/useTitle';

/**
 * `/friends`: the players the signed-in player follows, each with their online state, whether they are in
 * a game, a one-tap Challenge and Unfollow; who follows them (Remove); whom they block (Unblock).
 */
export default function Friends() {
  const { t } = useTranslation();
  useTitle(t('friends.title'));
  const { player } = useSession();
  if (!player || player.guest) {
    return (
      <section className="page friends-page" aria-labelledby="friends-title">
        <h1 id="friends-title">{t('friends.title')}</h1>
        <div className="card">
          <p>{t('friends.guest')}</p>
          <p className="clash-guest-actions">
            <Link to="/register" className="button button-primary">
              {t('clashes.guest.signUp')}
            </Link>
            <Link to="/login" className="button">
              {t('clashes.guest.signIn')}
            </Link>
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="page friends-page" aria-labelledby="friends-title">
      <h1 id="friends-title">{t('friends.title')}</h1>
      <p className="muted">{t('friends.lead')}</p>
      <Following />
      <Followers />
      <Blocked />
    </section>
  );
}

function Following() {
  const { t } = useTranslation();
  const list = useFollowing();
  const navigate = useNavigate();
  return (
    <FriendsSection which="following" title={t('friends.followingTitle')} empty={t('friends.followingEmpty')}>
      {(list.data?.pages ?? []).flatMap((page) =>
        page._embedded.players.map((player) => (
          <FriendRow
            key={player.id}
            player={player}
            actions={
              <>
                <button
                  type="button"
                  className="button button-primary"
                  aria-label={t('friends.challengeName', { name: player.name })}
                  onClick={() => void navigate(`/clashes?with=${player.id}`)}
                >
                  {t('friends.challenge')}
                </button>
                <RelationButton
                  player={player}
                  on="follow"
                  label={t('friends.unfollow')}
                  done="friends.unfollowed"
                />
              </>
            }
          />
        )),
      )}
    </FriendsSection>
  );
}

function Followers() {
  const { t } = useTranslation();
  const list = useFriendsList('followers');
  const remove = useRemoveFollower();
  return (
    <FriendsSection which="followers" title={t('friends.followersTitle')} empty={t('friends.followersEmpty')}>
      {(list.data?.pages ?? []).flatMap((page) =>
        page._embedded.players.map((player) => (
          <FriendRow
            key={player.id}
            player={player}
            actions={
              <button
                type="button"
                className="button"
                aria-label={t('friends.removeName', { name: player.name })}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(player.id, {
                    onSuccess: () => toast.success(t('friends.removed', { name: player.name })),
                    onError: toastError,
                  })
                }
              >
                {t('friends.remove')}
              </button>
            }
          />
        )),
      )}
    </FriendsSection>
  );
}

function Blocked() {
  const { t } = useTranslation();
  const list = useFriendsList('blocks');
  return (
    <FriendsSection which="blocks" title={t('friends.blockedTitle')} empty={t('friends.blockedEmpty')}>
      {(list.data?.pages ?? []).flatMap((page) =>
        page._embedded.players.map((player) => (
          <FriendRow
            key={player.id}
            player={player}
            actions={
              <RelationButton
                player={player}
                on="block"
                label={t('friends.unblock')}
                done="friends.unblocked"
              />
            }
          />
        )),
      )}
    </FriendsSection>
  );
}

/** Unfollow or Unblock one player of a list. */
function RelationButton({
  player,
  on,
  label,
  done,
}: {
  player: FriendPlayer;
  on: 'follow' | 'block';
  label: string;
  done: 'friends.unfollowed' | 'friends.unblocked';
}) {
  const { t } = useTranslation();
  const change = useChangeRelation(player.id);
  return (
    <button
      type="button"
      className="button"
      aria-label={`${label}: ${player.name}`}
      disabled={change.isPending}
      onClick={() =>
        change.mutate(
          { on, method: 'DELETE' },
          { onSuccess: () => toast.success(t(done, { name: player.name })), onError: toastError },
        )
      }
    >
      {label}
    </button>
  );
}

/** A card with its list, its loading and failure states, its empty text and "Show more". */
function FriendsSection({
  which,
  title,
  empty,
  children,
}: {
  which: FriendsList;
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  const { t } = useTranslation();
  const list = useFriendsList(which);
  const id = `friends-${which}`;
  return (
    <section className="card friends-section" aria-labelledby={id} data-testid={id}>
      <h2 id={id}>
        {title}
        {list.data ? ` (${list.data.pages[0]?.page.totalElements ?? 0})` : ''}
      </h2>
      {list.isError ? (
        <div role="alert">
          <p>{failureText(list.error, t('lists.loadFailed'))}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            {t('lists.retry')}
          </button>
        </div>
      ) : !list.data ? (
        <p className="muted" role="status">
          {t('lists.loading')}
        </p>
      ) : children.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="friends-list">{children}</ul>
      )}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('friends.more')}
        </button>
      ) : null}
    </section>
  );
}
