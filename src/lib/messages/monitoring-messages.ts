/** What the health check and the performance reports answer: read by the monitoring and the page's reporter, not by a person. */
export const MONITORING_MESSAGES = {
  healthy: 'OK',
  metricsRecorded: 'Metrics recorded',
  postOnly: 'Only POST is allowed here',
} as const;
