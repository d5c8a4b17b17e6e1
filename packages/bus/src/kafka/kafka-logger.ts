import type { logCreator, logLevel } from 'kafkajs';
import { kafkajs } from './kafkajs.ts';
import type { BusLogger } from '../bus.ts';

/** Routes kafkajs's log lines to the bus's logger instead of the console. */
export function kafkaLogCreator(log: BusLogger): logCreator {
  return () =>
    ({ namespace, level, log: entry }) => {
      const { message, timestamp: _timestamp, logger: _logger, ...context } = entry;
      log(levelOf(namespace, level, message), `kafkajs: ${message}`, { namespace, ...context });
    };
}

function levelOf(namespace: string, level: logLevel, message: string): Parameters<BusLogger>[0] {
  const { logLevel } = kafkajs();
  // kafkajs logs every error answer of a broker at error level, also those it handles itself (a
  // heartbeat told of a rebalance); failures that matter surface again from the caller that gave up.
  if (namespace === 'Connection' && level === logLevel.ERROR) return 'debug';
  if (level === logLevel.ERROR) return 'error';
  // Rebalances are routine: members come and go.
  if (level === logLevel.WARN) return /rebalanc/i.test(message) ? 'info' : 'warn';
  return level === logLevel.INFO ? 'info' : 'debug';
}
