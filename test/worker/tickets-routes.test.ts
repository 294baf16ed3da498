import { describe, expect, it } from 'vitest';
import type { NotificationResource } from '../../contract/notifications';
import type { TicketResource } from '../../contract/tickets';
import { call, expectError, json, makeAdmin, registerGuest, registerPlayer, type Session } from './helpers';

// Support tickets: any signed-in player (a guest too) files one and sees their own; admins see them all,
// change the status (the player is told) and delete them.

type TicketPage = { _embedded: { tickets: TicketResource[] }; page: { totalElements: number } };

async function file(session: Session, body: Record<string, unknown> = {}) {
  return call('/tickets/', {
    method: 'POST',
    jar: session.jar,
    body: { playerId: session.player.id, title: 'Dice stuck', description: 'They do not roll.', ...body },
  });
}

async function filed(session: Session, body: Record<string, unknown> = {}): Promise<TicketResource> {
  const response = await file(session, body);
  expect(response.status).toBe(201);
  return json<TicketResource>(response);
}

async function admin(): Promise<Session> {
  const session = await registerPlayer();
  await makeAdmin(session.player.id);
  return session;
}

describe('filing a ticket', () => {
  it('answers the ticket, OPEN, with its player, trimmed fields and the addresses one by one', async () => {
    const ana = await registerPlayer();
    const ticket = await filed(ana, {
      title: '  Dice stuck  ',
      description: '\nThey do not roll.\n',
      emailAddresses: 'ana@example.com, , ana.work@example.org ',
    });
    expect(ticket).toMatchObject({
      player: { id: ana.player.id, name: ana.player.name },
      title: 'Dice stuck',
      description: 'They do not roll.',
      emailAddresses: ['ana@example.com', 'ana.work@example.org'],
      status: 'OPEN',
      _links: { self: { href: `/api/tickets/${ticket.id}` } },
    });
    expect(ticket._links.update).toBeUndefined();
    expect(ticket._links.delete).toBeUndefined();
    const list = await filed(ana, { emailAddresses: ['a@example.com'] });
    expect(list.emailAddresses).toEqual(['a@example.com']);
    expect((await filed(ana, { emailAddresses: undefined })).emailAddresses).toEqual([]);
  });

  it('is open to guests', async () => {
    const guest = await registerGuest();
    expect((await filed(guest)).player?.id).toBe(guest.player.id);
  });

  it('refuses each malformed e-mail address, whichever place it is in', async () => {
    const ana = await registerPlayer();
    for (const emailAddresses of [
      'not-an-address',
      'ok@example.com, broken@',
      ['ok@example.com', 'two@@example.com'],
      ['ok@example.com', 'x y@example.com'],
      [42],
    ])
      await expectError(await file(ana, { emailAddresses }), 400, 'email-invalid');
    const many = Array.from({ length: 11 }, (_, i) => `p${i}@example.com`);
    await expectError(await file(ana, { emailAddresses: many }), 400, 'ticket-emails-too-many');
  });

  it('requires a title and a description, within their lengths', async () => {
    const ana = await registerPlayer();
    await expectError(await file(ana, { title: '   ' }), 400, 'ticket-title-missing');
    await expectError(await file(ana, { title: undefined }), 400, 'ticket-title-missing');
    await expectError(await file(ana, { title: 'x'.repeat(121) }), 400, 'ticket-title-too-long');
    await expectError(await file(ana, { description: '' }), 400, 'ticket-description-missing');
    await expectError(await file(ana, { description: 'x'.repeat(4001) }), 400, 'ticket-description-too-long');
  });

  it('is filed as oneself only, and not without a session', async () => {
    const ana = await registerPlayer();
    const ben = await registerPlayer();
    await expectError(await file(ana, { playerId: ben.player.id }), 403, 'ticket-player-mismatch');
    const anonymous = await call('/tickets/', {
      method: 'POST',
      body: { playerId: ana.player.id, title: 't', description: 'd' },
    });
    await expectError(anonymous, 401, 'unauthorized');
  });
});

describe('reading tickets', () => {
  it('shows a player their own tickets only, and an admin every ticket with its links', async () => {
    const ana = await registerPlayer();
    const ben = await registerPlayer();
    const mine = await filed(ana, { title: 'Mine' });
    const bens = await filed(ben, { title: 'Bens' });

    const anaList = await json<TicketPage>(await call('/tickets/?size=100', { jar: ana.jar }));
    expect(anaList._embedded.tickets.map((t) => t.id)).toEqual([mine.id]);
    expect(anaList.page.totalElements).toBe(1);

    expect((await call(`/tickets/${mine.id}`, { jar: ana.jar })).status).toBe(200);
    await expectError(await call(`/tickets/${bens.id}`, { jar: ana.jar }), 404, 'ticket-not-found');
    await expectError(await call('/tickets/999999999', { jar: ana.jar }), 404, 'ticket-not-found');

    const boss = await admin();
    const all = await json<TicketPage>(await call('/tickets/?size=100&sort=createdAt', { jar: boss.jar }));
    const ids = all._embedded.tickets.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, bens.id]));
    expect(ids.indexOf(bens.id)).toBeLessThan(ids.indexOf(mine.id));
    const seen = await json<TicketResource>(await call(`/tickets/${bens.id}`, { jar: boss.jar }));
    expect(seen._links).toEqual({
      self: { href: `/api/tickets/${bens.id}` },
      update: { href: `/api/tickets/${bens.id}` },
      delete: { href: `/api/tickets/${bens.id}` },
      player: { href: `/api/players/${ben.player.id}` },
    });
  });

  it('pages and sorts on the server, refusing unknown sorts', async () => {
    const ana = await registerPlayer();
    for (const title of ['a', 'b', 'c']) await filed(ana, { title });
    const first = await json<TicketPage>(
      await call('/tickets/?size=2&sort=createdAt&order=asc', { jar: ana.jar }),
    );
    expect(first._embedded.tickets.map((t) => t.title)).toEqual(['a', 'b']);
    expect(first.page).toEqual({ size: 2, number: 0, totalElements: 3, totalPages: 2 });
    await expectError(await call('/tickets/?sort=title', { jar: ana.jar }), 400, 'input-invalid');
  });
});

describe('an admin handling a ticket', () => {
  it('changes its status, and its player is notified in their list', async () => {
    const ana = await registerPlayer();
    const ticket = await filed(ana, { title: 'Crash on roll' });
    const boss = await admin();
    const response = await call(`/tickets/${ticket.id}`, {
      method: 'PATCH',
      jar: boss.jar,
      body: { status: 'IN_PROGRESS' },
    });
    expect(response.status).toBe(200);
    expect((await json<TicketResource>(response)).status).toBe('IN_PROGRESS');
    const seen = await json<TicketResource>(await call(`/tickets/${ticket.id}`, { jar: ana.jar }));
    expect(seen.status).toBe('IN_PROGRESS');

    const notices = await json<{ _embedded: { notifications: NotificationResource[] } }>(
      await call(`/players/${ana.player.id}/notifications`, { jar: ana.jar }),
    );
    expect(notices._embedded.notifications[0]).toMatchObject({
      kind: 'ticket-status',
      params: { ticket: 'Crash on roll', status: 'IN_PROGRESS' },
      content: 'The status of your ticket "Crash on roll" is now: in progress',
      link: `/tickets/${ticket.id}`,
    });
  });

  it('refuses an unknown status', async () => {
    const ana = await registerPlayer();
    const ticket = await filed(ana);
    const boss = await admin();
    for (const status of ['NEW', 'open', undefined])
      await expectError(
        await call(`/tickets/${ticket.id}`, { method: 'PATCH', jar: boss.jar, body: { status } }),
        400,
        'ticket-status-invalid',
      );
  });

  it('deletes it; the player may neither change nor delete it', async () => {
    const ana = await registerPlayer();
    const ticket = await filed(ana);
    const patch = await call(`/tickets/${ticket.id}`, {
      method: 'PATCH',
      jar: ana.jar,
      body: { status: 'CLOSED' },
    });
    await expectError(patch, 403, 'admin-only');
    await expectError(
      await call(`/tickets/${ticket.id}`, { method: 'DELETE', jar: ana.jar }),
      403,
      'admin-only',
    );
    const boss = await admin();
    expect((await call(`/tickets/${ticket.id}`, { method: 'DELETE', jar: boss.jar })).status).toBe(204);
    await expectError(await call(`/tickets/${ticket.id}`, { jar: ana.jar }), 404, 'ticket-not-found');
    await expectError(
      await call(`/tickets/${ticket.id}`, { method: 'DELETE', jar: boss.jar }),
      404,
      'ticket-not-found',
    );
  });
});
