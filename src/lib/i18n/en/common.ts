/** Words many islands share. */
export default {
  close: 'Close',
  loading: 'Loading…',
};
