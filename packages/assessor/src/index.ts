export { createAssessor, type Assessor, type AssessorDeps, type AssessorTopics } from './assessor.ts';
export { assessItem, type AssessItemDeps } from './assess-item.ts';
export { createInProcessGateway, type InProcessGatewayDeps } from './in-process-gateway.ts';
export { createHttpGateway } from './http-gateway.ts';
export { openingGateway } from './opening-gateway.ts';
export { toFailure, type AssessmentGateway, type AssessmentRequest, type GatewayFailure } from './gateway.ts';
export { withRetries, defaultRetryPolicy, type RetryPolicy, type RetryResult } from './retry.ts';
export type { AssessorMonitor, AssessorStage } from './monitor.ts';
