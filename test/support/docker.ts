import { existsSync } from 'node:fs';

/** True when a Docker engine looks reachable, so testcontainers can start real peers. */
export async function dockerAvailable(): Promise<boolean> {
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** In CI a missing peer fails the run; elsewhere the tests that need it are told why it is missing. */
export function peerMissing(peer: string, why: string): never {
  throw new Error(`${peer} is not reachable: ${why}. ${process.env.CI ? 'CI needs every peer.' : 'Start it, or set the variable named above.'}`);
}
