import { parseArgs } from 'node:util';
import { createAccounts } from '@assay/accounts';
import { loadConfig } from '@assay/config';
import { createAccountsRepository, migrate, openDatabase } from '@assay/db';
import { UsageError, type CommandIo } from '../io.ts';

export async function keysCommand(args: string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = args;
  const { positionals, values } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { org: { type: 'string' }, enable: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  // Check the command line before touching the database.
  if (action === 'create' && (!values.org || !values.enable || positionals.length > 0)) {
    throw new UsageError('keys create needs --org NAME and --enable OP[,OP...]');
  }
  if (action === 'revoke' && positionals.length !== 1) throw new UsageError('keys revoke needs exactly one KEY_ID');
  if (action === 'list' && positionals.length > 0) throw new UsageError('keys list takes no arguments');
  if (action !== 'create' && action !== 'revoke' && action !== 'list') {
    throw new UsageError('keys needs one of: create, revoke, list');
  }

  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
  try {
    await migrate(database);
    const accounts = createAccounts(createAccountsRepository(database.db));
    switch (action) {
      case 'create': {
        const operations = values.enable!.split(',').map((op) => op.trim()).filter(Boolean);
        const created = await accounts.createKey(values.org!, operations);
        const { name, operations: enabled } = created.organization;
        io.out.write(
          values.json
            ? `${JSON.stringify({ api_key: created.apiKey, key_id: created.keyId, org: name, operations: enabled })}\n`
            : `API key for ${name} (key id ${created.keyId}); it is shown only this once:\n\n  ${created.apiKey}\n\nEnabled operations: ${enabled.join(', ')}\n`,
        );
        return 0;
      }
      case 'revoke': {
        const revoked = await accounts.revokeKey(positionals[0]!);
        if (!revoked) {
          io.err.write(`no active key with id ${positionals[0]}\n`);
          return 1;
        }
        io.out.write(`revoked ${positionals[0]}\n`);
        return 0;
      }
      case 'list': {
        const keys = await accounts.listKeys();
        if (values.json) {
          io.out.write(
            `${JSON.stringify(keys.map((k) => ({ key_id: k.keyId, org: k.orgName, operations: k.operations, created_at: k.createdAt.toISOString(), revoked_at: k.revokedAt?.toISOString() ?? null })))}\n`,
          );
          return 0;
        }
        const lines = keys.map((k) =>
          [k.keyId, k.orgName, k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : 'active', k.createdAt.toISOString(), k.operations.join(',')].join('\t'),
        );
        io.out.write(`${['KEY_ID\tORG\tSTATE\tCREATED\tOPERATIONS', ...lines].join('\n')}\n`);
        return 0;
      }
    }
  } finally {
    await database.close();
  }
}
