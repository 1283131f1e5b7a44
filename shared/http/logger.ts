import { Logger } from '@aws-lambda-powertools/logger';

/** One logger for every function; its level comes from POWERTOOLS_LOG_LEVEL, set by CDK and the local runtime. */
export const logger = new Logger({ serviceName: 'ledger-service' });
