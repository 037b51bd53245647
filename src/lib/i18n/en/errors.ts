import { ERROR_SCREEN_MESSAGES } from '../../messages/error-screen-messages';
import { OFFLINE_MESSAGES } from '../../messages/offline-messages';

/** When something fails: the error screen (islands and the 500 page) and being offline (the offline page and the service worker). */
export default {
  screen: {
    title: ERROR_SCREEN_MESSAGES.title,
    lead: 'We are sorry: something stopped working. Trying again usually helps.',
    errorId: 'Error id',
    time: 'Time',
    tryAgain: 'Try Again',
    goHome: 'Go Home',
    reload: 'Reload Page',
    pageTitle: 'Something went wrong',
    pageDescription: 'This page could not be shown.',
  },
  offline: {
    showingKeptPage: OFFLINE_MESSAGES.showingKeptPage,
    pageTitle: OFFLINE_MESSAGES.offlinePageTitle,
    pageLead: OFFLINE_MESSAGES.offlinePageLead,
    recentProductsHeading: OFFLINE_MESSAGES.recentProductsHeading,
    recentProductsNote: OFFLINE_MESSAGES.recentProductsNote,
    noRecentProducts: OFFLINE_MESSAGES.noRecentProducts,
    tryAgain: 'Try again',
  },
};
