import type { Issue, IssueCode, Section } from '@assay/contract';

/** Builds an issue; fields that do not apply are null, as the response always carries every field. */
export function issue(
  code: IssueCode,
  message: string,
  where: { severity?: Issue['severity']; section?: Section; imageIndex?: number; itemIndex?: number } = {},
): Issue {
  return {
    code,
    message,
    severity: where.severity ?? 'warning',
    section: where.section ?? null,
    image_index: where.imageIndex ?? null,
    item_index: where.itemIndex ?? null,
  };
}
