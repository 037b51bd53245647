/** The two ways to pay that need no payment service: cash on delivery and a transfer the store confirms by hand. */
import { MANUAL_PAYMENT } from '../../../lib/store';
import { PaymentGatewayError, type PaymentGateway } from '../gateway';
import { message } from '../../../lib/messages/message';

export const cashOnDelivery: PaymentGateway = {
  name: 'cash_on_delivery',
  isConfigured: () => true,
  start: async () => ({ status: 'PAY_ON_DELIVERY', gatewayReference: '', redirectUrl: '', details: {} }),
  check: async () => {
    throw new PaymentGatewayError(message('payment', 'collectedByRider'));
  },
};

export const manualTransfer: PaymentGateway = {
  name: 'manual',
  isConfigured: () => true,
  start: async (request) => ({
    status: 'PENDING_PAYMENT',
    gatewayReference: '',
    redirectUrl: '',
    details: { reference: `${MANUAL_PAYMENT.referencePrefix}-${request.orderId}` },
  }),
  check: async () => {
    throw new PaymentGatewayError(message('payment', 'confirmedByStore'));
  },
};
