import { Hono } from 'hono';
import type { SessionVariables } from '../auth/session';
import type { Env } from '../env';

type Clashes = { Bindings: Env; Variables: SessionVariables };

export const clashesRoutes = new Hono<Clashes>();
