/** What each text message tells (sms_messages.kind). */
export type TextKind =
  | 'order_placed'
  | 'order_paid'
  | 'order_shipped'
  | 'order_delivered'
  | 'order_cancelled'
  | 'vendor_new_order'
  | 'vendor_return_requested'
  | 'return_accepted'
  | 'return_refused'
  | 'return_received'
  | 'return_refunded'
  | 'payout_completed'
  | 'payout_failed'
  | 'login_code'
  | 'reset_code'
  | 'payout_method_changed';
