import { AssayError, issue, operationOf, sectionsByCategory, type Category, type Issue, type Operation, type Section } from '@assay/contract';

export interface ResolvedSections {
  /** Sections to compute, in the category's order. */
  sections: Section[];
  /** One SECTION_NOT_ENABLED issue per requested section that the account has not enabled. */
  issues: Issue[];
}

/**
 * Applies the spec's `include` rules against the account's enabled operations:
 * omitted → every enabled section of the category; given → the requested ones that are enabled,
 * the others omitted and reported as issues; none of the requested enabled → 403.
 */
export function resolveSections(category: Category, include: readonly Section[] | undefined, enabled: readonly Operation[]): ResolvedSections {
  const all = sectionsByCategory[category] as readonly Section[];
  const isEnabled = (section: Section) => enabled.includes(operationOf(category, section));
  const requested = include === undefined ? all : all.filter((section) => include.includes(section));
  const sections = requested.filter(isEnabled);
  if (sections.length === 0) {
    const names = requested.map((section) => operationOf(category, section));
    throw new AssayError('OPERATION_NOT_ENABLED', `this account has none of the requested operations enabled: ${names.join(', ')}`, {
      context: { needed: names },
    });
  }
  const issues = include === undefined
    ? []
    : requested
        .filter((section) => !isEnabled(section))
        .map((section) =>
          issue('SECTION_NOT_ENABLED', `${section} was requested but ${operationOf(category, section)} is not enabled for this account; it is omitted`, {
            severity: 'info',
            section,
          }),
        );
  return { sections, issues };
}
