import { Hono } from 'hono';
import type { SessionVariables } from '../auth/session';
import type { Env } from '../env';

type Notifications = { Bindings: Env; Variables: SessionVariables };

export const notificationsRoutes = new Hono<Notifications>();
