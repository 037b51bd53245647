import { describe, expect, it } from 'vitest';
import { errorReportSchema } from '~/server/monitoring/error-reports';

describe('an error report as it arrives', () => {
  it('is read in the error boundary’s spelling, the component stack kept after the stack', () => {
    expect(
      errorReportSchema.parse({
        errorId: 'err_1732_x7k2',
        message: 'boom',
        stack: 'TypeError: boom',
        componentStack: '\n    at ReviewCard',
        timestamp: 1732000000000,
        userAgent: 'Chrome/121',
        url: 'https://shop.partner.ug/p/1',
        userId: 5,
        'User-Id': '5',
      }),
    ).toEqual({
      id: 'err_1732_x7k2',
      message: 'boom',
      stack: 'TypeError: boom\n\nComponent stack:\n    at ReviewCard',
      time: '1732000000000',
      agent: 'Chrome/121',
      url: 'https://shop.partner.ug/p/1',
    });
  });

  it('keeps our spelling as it was', () => {
    const report = { id: 'ERR-ABCD2345', message: 'boom', stack: 's', time: 't', agent: 'a', url: 'u', user_id: null };
    expect(errorReportSchema.parse(report)).toEqual({ id: 'ERR-ABCD2345', message: 'boom', stack: 's', time: 't', agent: 'a', url: 'u' });
  });

  it('cuts a stack and component stack that together pass the cap', () => {
    const parsed = errorReportSchema.parse({ id: 'E1', message: 'm', stack: 'a'.repeat(15_000), componentStack: 'b'.repeat(15_000) });
    expect(parsed.stack).toHaveLength(16_000);
  });
});
