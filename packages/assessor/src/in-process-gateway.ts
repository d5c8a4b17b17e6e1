import type { Assessments } from '@assay/assessment';
import { AssayError } from '@assay/contract';
import { databaseUnavailable, type AccountsRepository, type Organization } from '@assay/db';
import type { Uploads } from '@assay/uploads';
import type { AssessmentGateway } from './gateway.ts';

export interface InProcessGatewayDeps {
  uploads: Uploads;
  assessments: Assessments;
  accounts: AccountsRepository;
  /**
   * How long an organization read from the database is reused (default 5 s): long enough to spare a
   * lookup per image, short enough that operations an operator enables apply to the next items
   * (and to dead letters replayed after that fix).
   */
  organizationTtlMs?: number;
}

/**
 * The engine in this process, under the organization named by each event: the same upload and
 * assessment code the HTTP API runs, without the network.
 */
export function createInProcessGateway({ uploads, assessments, accounts, organizationTtlMs = 5_000 }: InProcessGatewayDeps): AssessmentGateway {
  const organizations = new Map<string, Promise<Organization>>();
  const organization = (name: string) => {
    let found = organizations.get(name);
    if (!found) {
      setTimeout(() => organizations.delete(name), organizationTtlMs).unref();
      found = accounts.findOrganization(name).then((org) => {
        if (!org) throw new AssayError('OPERATION_NOT_ENABLED', `no organization "${name}"; create it with assay keys create --org ${name}`);
        return org;
      });
      // A failed lookup is not remembered, so an organization created later is found.
      found.catch(() => organizations.delete(name));
      organizations.set(name, found);
    }
    return found;
  };

  return {
    upload: (org, bytes, filename) => retryableWhenDatabaseIsDown(async () => uploads.uploadBytes((await organization(org)).id, bytes, filename)),
    assess: (org, category, request) =>
      retryableWhenDatabaseIsDown(async () => {
        const caller = { keyId: 'pipeline', organization: await organization(org) };
        return (await assessments.assess(category, caller, request)) as unknown as Record<string, unknown>;
      }),
  };
}

/** A database that is down for a moment fails the attempt, not the item: the assessor retries it. */
async function retryableWhenDatabaseIsDown<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw databaseUnavailable(error) ?? error;
  }
}
