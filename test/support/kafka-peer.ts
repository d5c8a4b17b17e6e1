import { spawn, spawnSync } from 'node:child_process';
import { createKafkaBus } from '@assay/bus';
import { dockerAvailable, peerMissing } from './docker.ts';

export interface KafkaPeer {
  /** Comma-separated host:port list. */
  brokers: string;
  stop(): Promise<void>;
}

/**
 * Finds the Kafka the tests use: KAFKA_BROKERS if set, else a testcontainers Kafka when Docker is
 * reachable, else librdkafka's mock cluster (real protocol, in-memory state) started through kcat.
 */
export async function startKafkaPeer(): Promise<KafkaPeer> {
  const configured = process.env.KAFKA_BROKERS;
  if (configured) {
    await checkReachable(configured);
    return { brokers: configured, stop: async () => {} };
  }
  if (await dockerAvailable()) return startKafkaContainer();
  return startMockCluster();
}

async function startKafkaContainer(): Promise<KafkaPeer> {
  const { KafkaContainer } = await import('@testcontainers/kafka');
  const container = await new KafkaContainer('confluentinc/cp-kafka:7.9.0')
    .withKraft()
    // Lets tests use short sessions, so rebalances take a second rather than half a minute.
    .withEnvironment({ KAFKA_GROUP_MIN_SESSION_TIMEOUT_MS: '1000', KAFKA_NUM_PARTITIONS: '4' })
    .start();
  return { brokers: `${container.getHost()}:${container.getMappedPort(9093)}`, stop: async () => void (await container.stop()) };
}

// The mock cluster announces its listeners in a NOTICE line on stderr:
// "Mock cluster enabled: original bootstrap.servers and security.protocol ignored and replaced with 127.0.0.1:…"
// (with `-d mock` also as "bootstrap.servers=…").
const announcement = /(?:replaced with |bootstrap\.servers=)(\S+)/;

/**
 * kcat consuming a probe topic keeps librdkafka's mock cluster alive. It runs under a shell that
 * kills it when its stdin closes, which happens when this process ends in any way, also by a
 * signal that skips teardown, so no kcat outlives the test run.
 */
async function startMockCluster(): Promise<KafkaPeer> {
  if (spawnSync('kcat', ['-V'], { stdio: 'ignore' }).error) {
    peerMissing('Kafka', 'KAFKA_BROKERS is unset, Docker is unreachable and kcat is not installed (apt-get install kcat)');
  }
  const kcat = ['kcat', '-C', '-X', 'test.mock.num.brokers=3', '-t', '_assay_probe', '-b', '127.0.0.1:1'];
  const child = spawn('sh', ['-c', '"$@" </dev/null & pid=$!; cat >/dev/null; kill $pid 2>/dev/null; wait $pid', 'sh', ...kcat], {
    stdio: ['pipe', 'ignore', 'pipe'],
    detached: true, // its own process group, so the fallback below can kill kcat with the shell
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin.end();
    const killer = setTimeout(() => killGroup(child.pid), 3000);
    await exited;
    clearTimeout(killer);
  };

  let brokers: string;
  try {
    brokers = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`no broker list within 10 s; kcat said: ${seen.slice(-500)}`)), 10_000);
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        seen += chunk;
        const found = announcement.exec(seen);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`kcat exited (${code}) before announcing brokers: ${seen.slice(-500)}`));
      });
    });
  } catch (error) {
    await stop();
    peerMissing('Kafka (kcat mock cluster)', (error as Error).message);
  }
  // Keep draining stderr: a full pipe would block kcat, and with it the cluster.
  child.stderr.removeAllListeners('data');
  child.stderr.resume();
  return { brokers, stop };
}

async function checkReachable(brokers: string): Promise<void> {
  const bus = createKafkaBus({ brokers: brokers.split(','), clientId: 'assay-test-probe', retries: 1 });
  try {
    await bus.ready();
  } catch (error) {
    peerMissing('Kafka', `KAFKA_BROKERS=${brokers}: ${(error as Error).message}`);
  } finally {
    await bus.close();
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
