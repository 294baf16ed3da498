import type { TestProject } from 'vitest/node';
import { startPushService } from '../fakes/pushService.mjs';

// The Workers tests' fake push service: a Node HTTP server on a loopback port (the Worker's pushes reach it as
// they would a real one), which the tests drive over HTTP since their code runs inside workerd.
export default async function setup(project: TestProject) {
  const service = await startPushService();
  project.provide('pushServiceUrl', service.url);
  return () => service.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pushServiceUrl: string;
  }
}
